import { useState } from "react";
import { t } from "../../i18n/t";
import { Modal } from "../../ui/Modal";
import type { Pantry } from "../pantries/pickup";

/** Image carousel: one photo at a time with previous/next; the photo opens full screen. */
export function Photos({ pantry }: { pantry: Pantry }) {
  const photos = [...(pantry.attachmentCollection ?? [])].sort((a, b) => a.sequenceNumber - b.sequenceNumber);
  const [at, setAt] = useState(0);
  const [full, setFull] = useState(false);
  if (!photos.length) return null;
  const src = photos[at].attachment.storagePath;
  const alt = t("pantry.photo", { n: at + 1, count: photos.length });
  return (
    <section className="photos" aria-roledescription="carousel" aria-label={t("pantry.photos", { pantry: pantry.label })}>
      <button type="button" className="photo-open" aria-label={t("pantry.viewPhoto")} onClick={() => setFull(true)} style={{ padding: 0, border: 0, background: "none", width: "100%" }}>
        <img src={src} alt={alt} width={640} height={480} style={{ maxWidth: "100%", height: "auto" }} loading="lazy" />
      </button>
      {photos.length > 1 && (
        <div>
          <button type="button" className="btn btn-small" aria-label={t("pantry.previous")} onClick={() => setAt((at + photos.length - 1) % photos.length)}>
            ‹
          </button>{" "}
          <span aria-live="polite">{alt}</span>{" "}
          <button type="button" className="btn btn-small" aria-label={t("pantry.next")} onClick={() => setAt((at + 1) % photos.length)}>
            ›
          </button>
        </div>
      )}
      {full && (
        <Modal title={pantry.label} full onClose={() => setFull(false)}>
          <img src={src} alt={alt} style={{ maxWidth: "100%", maxHeight: "80vh", display: "block", margin: "0 auto" }} />
        </Modal>
      )}
    </section>
  );
}
