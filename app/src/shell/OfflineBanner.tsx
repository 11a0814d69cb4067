import { useEffect, useState } from "react";
import { t } from "../i18n/t";
import { CHECKING_MS, OFFLINE_BANNER_MS } from "../lib/constants";
import { useOffline } from "../state/app";
import { checkConnection } from "../state/connectivity";

/**
 * Currently Offline with Check Again (spec §2). Going offline shows it; it hides itself 5 s later
 * (spec §4) while the `offline` flag stays set for the screens that disable checkout. A check keeps
 * it up: Checking... lasts 5 s (spec §9) unless the network answers first, which hides it at once.
 * The live region is always rendered so screen readers announce the banner when it appears.
 */
export function OfflineBanner() {
  const offline = useOffline();
  const [shown, setShown] = useState(false);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    setShown(offline);
    if (!offline) setChecking(false);
  }, [offline]);

  useEffect(() => {
    if (!shown || checking) return;
    const id = setTimeout(() => setShown(false), OFFLINE_BANNER_MS);
    return () => clearTimeout(id);
  }, [shown, checking]);

  useEffect(() => {
    if (!checking) return;
    const id = setTimeout(() => setChecking(false), CHECKING_MS);
    return () => clearTimeout(id);
  }, [checking]);

  const checkAgain = () => {
    if (checking) return;
    setChecking(true);
    void checkConnection();
  };

  return (
    <div className="banner-slot" role="status">
      {shown && offline && (
        <div className="banner banner-offline">
          <p>{t("shell.offline")}</p>
          {/* aria-disabled, not disabled: a disabled button would drop keyboard focus mid-check. */}
          <button type="button" className="btn btn-small" aria-disabled={checking || undefined} onClick={checkAgain}>
            {checking ? t("shell.offline.checking") : t("shell.offline.checkAgain")}
          </button>
        </div>
      )}
    </div>
  );
}
