import { useRef, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { t } from "../../i18n/t";
import { CTA_DELAY_MS, ZIP_LENGTH } from "../../lib/constants";
import type { Meta } from "../../types";
import { Modal } from "../../ui/Modal";
import { useDelay } from "../../ui/useDelay";
import { ZipSearch } from "../../ui/ZipSearch";
import { InfoSections, type InfoSection } from "./InfoSections";
import { SelectedSite } from "./SelectedSite";
import { clearSelection } from "../../state/selection";

export interface HomeData {
  infoSections?: InfoSection[];
}

/** Unauthenticated home (spec §2): hero card, zip search, info-card sections, Get Started after 2 s. */
export default function Home({ data, children }: { data: HomeData | null; children?: ReactNode }) {
  const navigate = useNavigate();
  const [zip, setZip] = useState("");
  const zipRef = useRef<HTMLInputElement>(null);
  const showCta = useDelay(CTA_DELAY_MS);
  const [about, setAbout] = useState(false);

  // Spec §4: starting a search drops the stored site; the cart goes only after the warning on a new site.
  const findPantries = (z: string) => {
    clearSelection();
    navigate(`/pantries?zip=${z}`);
  };
  const getStarted = () => {
    if (zip.length === ZIP_LENGTH) findPantries(zip);
    else zipRef.current?.focus();
  };

  return (
    <div className="home">
      <section className="card hero">
        <h1>{t("app.title")}</h1>
        <p>{t("app.tagline")}</p>
        <ZipSearch value={zip} onChange={setZip} onComplete={findPantries} inputRef={zipRef} />
        <button type="button" className="btn btn-small" onClick={() => setAbout(true)}>
          {t("home.whatIs")}
        </button>
      </section>
      <SelectedSite />
      <InfoSections sections={data?.infoSections ?? []} />
      {showCta && (
        <div className="fab-slot">
          <button type="button" className="btn btn-primary btn-lg fab" onClick={getStarted}>
            {t("home.getStarted")}
          </button>
        </div>
      )}
      {about && (
        <Modal title={t("home.whatIs")} onClose={() => setAbout(false)}>
          <p>{t("home.whatIsBody")}</p>
        </Modal>
      )}
      {children}
    </div>
  );
}

export function meta(): Meta {
  return { title: t("app.title"), description: t("app.tagline") };
}
