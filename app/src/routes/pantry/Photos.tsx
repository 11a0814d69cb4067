import { Carousel } from "../../ui/Carousel";
import type { Pantry } from "../../lib/pantries";

/** The pantry's photos (spec §2 pantry detail). */
export function Photos({ pantry }: { pantry: Pantry }) {
  return <Carousel images={pantry.attachmentCollection ?? []} name={pantry.label} width={640} height={480} />;
}
