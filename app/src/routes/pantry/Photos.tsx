import { Carousel } from "../../ui/Carousel";
import type { PantryLocation } from "../../entities";

/** The pantry's photos (spec §2 pantry detail). */
export function Photos({ pantry }: { pantry: PantryLocation }) {
  return <Carousel images={pantry.attachmentCollection ?? []} name={pantry.label} width={640} height={480} />;
}
