import { useState } from "react";
import { addMessages, t } from "../i18n/t";
import { Modal } from "./Modal";
import messages from "messages:carousel";

addMessages(messages);

export interface CarouselImage {
  sequenceNumber: number;
  attachment: { storagePath: string };
}

/**
 * Image carousel (spec §2, pantry and product detail): one image at a time, in sequence order,
 * with previous/next when there are several; the image opens full screen.
 */
export function Carousel({ images, name, width, height }: { images: readonly CarouselImage[]; name: string; width: number; height: number }) {
  const ordered = [...images].sort((a, b) => a.sequenceNumber - b.sequenceNumber);
  const [at, setAt] = useState(0);
  const [full, setFull] = useState(false);
  if (!ordered.length) return null;
  const src = ordered[at].attachment.storagePath;
  const alt = t("carousel.photo", { n: at + 1, count: ordered.length });
  const step = (by: number) => setAt((at + by + ordered.length) % ordered.length);
  return (
    <section className="photos" aria-roledescription="carousel" aria-label={t("carousel.photosOf", { name })}>
      <button type="button" className="photo-open" aria-label={t("carousel.viewFull")} onClick={() => setFull(true)}>
        {/* The photo heads its page and is usually its largest paint: fetched first, not lazily.
            <picture> keeps React's server render from hoisting a preload link into the root,
            which hydration would meet as an unexpected first child. */}
        <picture>
          <img src={src} alt={alt} width={width} height={height} fetchPriority="high" />
        </picture>
      </button>
      {ordered.length > 1 && (
        <div>
          <button type="button" className="btn btn-small" aria-label={t("carousel.previous")} onClick={() => step(-1)}>
            ‹
          </button>{" "}
          <span aria-live="polite">{alt}</span>{" "}
          <button type="button" className="btn btn-small" aria-label={t("carousel.next")} onClick={() => step(1)}>
            ›
          </button>
        </div>
      )}
      {full && (
        <Modal title={name} full onClose={() => setFull(false)}>
          <img className="photo-full" src={src} alt={alt} />
        </Modal>
      )}
    </section>
  );
}
