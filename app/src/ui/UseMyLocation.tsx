import { useEffect, useRef, useState } from "react";
import { t } from "../i18n/t";

export interface Located {
  lat: number;
  lng: number;
}

interface Props {
  onLocated: (at: Located) => void;
  /** The device's error text (GeolocationPositionError.message). */
  onError: (message: string) => void;
}

/** Asking longer than this gives up with the device's timeout error. */
const LOCATE_TIMEOUT_MS = 20_000;
/** A position this recent is good enough: finding pantries nearby needs no fresh fix. */
const LOCATE_MAX_AGE_MS = 5 * 60_000;

/**
 * Use My Location (spec §2): shown only where the device supports geolocation. The server cannot
 * know, and nearly every browser does: it renders the button (hidden by CSS without JavaScript),
 * which goes only where the device has no geolocation. Appearing after hydration instead, it moved
 * the page under it (a layout shift on every visit, issue 52).
 */
export function UseMyLocation({ onLocated, onError }: Props) {
  const [supported, setSupported] = useState(true);
  const [busy, setBusy] = useState(false);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    setSupported("geolocation" in navigator);
    return () => {
      live.current = false;
    };
  }, []);

  if (!supported) return null;

  const locate = () => {
    if (busy) return;
    setBusy(true);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        if (!live.current) return;
        setBusy(false);
        onLocated({ lat: p.coords.latitude, lng: p.coords.longitude });
      },
      (e) => {
        if (!live.current) return;
        setBusy(false);
        onError(e.message);
      },
      { timeout: LOCATE_TIMEOUT_MS, maximumAge: LOCATE_MAX_AGE_MS },
    );
  };

  // aria-disabled rather than disabled while asking: the button keeps focus for keyboard users.
  return (
    <button
      type="button"
      className="btn use-location"
      onClick={locate}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm8.94 3A9 9 0 0 0 13 3.06V1h-2v2.06A9 9 0 0 0 3.06 11H1v2h2.06A9 9 0 0 0 11 20.94V23h2v-2.06A9 9 0 0 0 20.94 13H23v-2zM12 19a7 7 0 1 1 0-14 7 7 0 0 1 0 14z"
        />
      </svg>
      <span>{t("home.useMyLocation")}</span>
    </button>
  );
}
