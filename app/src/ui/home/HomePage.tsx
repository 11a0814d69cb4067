import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import { useNavigate } from "../../lib/router";
import { t } from "../../i18n/t";
import { CTA_DELAY_MS } from "../../lib/constants";
import { ZIP_LENGTH } from "../../lib/zip";
import { useData } from "../../lib/useData";
import type { Meta } from "../../types";
import { Modal } from "../Modal";
import { useDelay } from "../useDelay";
import { UseMyLocation, type Located } from "../UseMyLocation";
import { ZipSearch } from "../ZipSearch";
import { InfoSections } from "../InfoSections";
import { SelectedSite } from "./SelectedSite";
import { newSearch, useSelection } from "../../state/selection";
import { refreshProfile, useLoggedIn, useProfile } from "../../state/session";
import { LanguageSwitch } from "../LanguageSwitch";
import type { HomePage as HomePageData } from "../../lib/api/pages";

// Signed-in parts: their own chunk, fetched once a session token shows up after hydration.
const signedIn = () => import("./SignedIn");
const MessagesCarousel = lazy(() => signedIn().then((m) => ({ default: m.MessagesCarousel })));
const ProductCarousel = lazy(() => signedIn().then((m) => ({ default: m.ProductCarousel })));

export type HomeData = HomePageData;

/** Pantry searches by device location use 4 decimals (about 11 m): enough, and stable URLs. */
const coord = (x: number) => x.toFixed(4);

interface DefaultFoodBank {
  id: number;
  code?: string;
  name?: string;
}

/**
 * Home (spec §2). Everyone: hero card with zip search and Use My Location, info-card sections, and
 * after 2 s the call to action (Get Started, or Order Now when signed in). Signed in, also the
 * messages carousel above the hero and the default food bank's product carousel under it. The
 * server renders the signed-out home (it is cached for everyone); the signed-in parts appear after
 * hydration, when the stored token is read. Also the page under /home/modal/{id}'s card modal
 * (`children`).
 */
export function HomePage({ data, children }: { data: HomeData | null; children?: ReactNode }) {
  const navigate = useNavigate();
  const [zip, setZip] = useState("");
  const zipRef = useRef<HTMLInputElement>(null);
  const showCta = useDelay(CTA_DELAY_MS);
  const [about, setAbout] = useState(false);
  const [locationError, setLocationError] = useState<string | null>(null);
  const { pantry, deliveryTime } = useSelection();
  const loggedIn = useLoggedIn();
  const profile = useProfile();
  // Spec §4 startup "when logged in load the profile and default food bank": refreshes the cached
  // copy. Until it has answered (either way) a missing cached profile may still arrive, so the
  // messages wait to know the food bank.
  const refresh = useData(loggedIn ? "profile" : null, refreshProfile);
  const profileChecked = refresh.data !== null || refresh.error !== null;

  // Spec §4: searching for sites clears the cart and the stored site, then goes to pantries.
  const findPantries = (query: string) => {
    newSearch();
    navigate(`/pantries?${query}`);
  };
  const searchZip = (z: string) => findPantries(`zip=${z}`);
  const located = ({ lat, lng }: Located) => findPantries(`lat=${coord(lat)}&lng=${coord(lng)}`);

  const startOver = () => {
    setLocationError(null);
    zipRef.current?.focus();
  };

  // Get Started and Order Now: the chosen site's shop; else a search by the typed zip, or by the
  // signed-in shopper's own zip; else the zip field.
  const start = () => {
    if (pantry || deliveryTime) return navigate("/products");
    if (zip.length === ZIP_LENGTH) return searchZip(zip);
    const ownZip = typeof profile?.postalCode === "string" ? profile.postalCode.trim() : "";
    if (loggedIn && /^\d{5}$/.test(ownZip)) return searchZip(ownZip);
    zipRef.current?.focus();
  };

  const foodBank = loggedIn ? ((profile?.defaultFoodBank ?? null) as DefaultFoodBank | null) : null;
  const messagesReady = loggedIn && (profile !== null || profileChecked);

  return (
    <div className="home">
      {messagesReady && (
        <Suspense fallback={null}>
          <MessagesCarousel foodBankCode={foodBank?.code ?? null} />
        </Suspense>
      )}
      <section className="card hero">
        <h1>{t("app.title")}</h1>
        <p>{t("app.tagline")}</p>
        <ZipSearch value={zip} onChange={setZip} onComplete={searchZip} inputRef={zipRef} />
        <UseMyLocation onLocated={located} onError={setLocationError} />
        {locationError !== null && (
          <div role="alert" className="error-box location-error">
            <p>
              {t("home.errorIntro")} {locationError}
            </p>
            <button type="button" className="btn" onClick={startOver}>
              {t("home.startOver")}
            </button>
          </div>
        )}
        <button type="button" className="btn btn-small" onClick={() => setAbout(true)}>
          {t("home.whatIs")}
        </button>
        <LanguageSwitch />
      </section>
      {foodBank && typeof foodBank.id === "number" && (
        <Suspense fallback={null}>
          <ProductCarousel foodBank={foodBank} />
        </Suspense>
      )}
      <SelectedSite />
      <InfoSections sections={data?.infoSections ?? []} />
      {showCta && (
        <div className="fab-slot">
          <button type="button" className="btn btn-primary btn-lg fab" onClick={start}>
            {loggedIn ? t("home.orderNow") : t("home.getStarted")}
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

export function homeMeta(): Meta {
  return { title: t("app.title"), description: t("app.tagline") };
}
