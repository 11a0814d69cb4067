import { useEffect, useRef, useState } from "react";
import { t } from "../../i18n/t";

/** The browser's own QR reader, where it has one (Chromium on Android, Safari 17+). */
interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = (new (options: { formats: string[] }) => Detector) & { getSupportedFormats?: () => Promise<string[]> };

/** Reads QR codes from video frames: the browser's BarcodeDetector, else jsQR loaded now (only
 * this screen ever loads it, and only once the camera is asked for). */
async function reader(): Promise<(video: HTMLVideoElement) => Promise<string | null>> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native && (await Native.getSupportedFormats?.())?.includes("qr_code")) {
    const detector = new Native({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    const { videoWidth: w, videoHeight: h } = video;
    if (!context || !w || !h) return null;
    canvas.width = w;
    canvas.height = h;
    context.drawImage(video, 0, 0, w, h);
    return jsQR(context.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: "dontInvert" })?.data ?? null;
  };
}

/**
 * The Scan button of the check-in screen: the camera looks for the QR code on the shopper's order
 * page and hands its number to `onCode` (which looks the order up as if it had been typed).
 * Without a camera (or JavaScript) the screen's typed search is the way.
 */
export function Scanner({ onCode }: { onCode: (code: string) => void }) {
  const [available, setAvailable] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => setAvailable(!!navigator.mediaDevices?.getUserMedia), []);

  useEffect(() => {
    if (!scanning) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        const el = video.current;
        if (stopped || !el) return;
        el.srcObject = stream;
        await el.play();
        const read = await reader();
        while (!stopped) {
          const code = el.readyState >= 2 ? await read(el).catch(() => null) : null;
          if (code && code.trim()) {
            stopped = true;
            setScanning(false);
            onCode(code.trim());
            return;
          }
          await new Promise((r) => requestAnimationFrame(r));
        }
      } catch {
        if (!stopped) {
          setFailed(true);
          setScanning(false);
        }
      }
    })();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [scanning, onCode]);

  if (!available) return null;
  return (
    <div className="staff-scan">
      {scanning ? (
        <>
          <p id="scan-help">{t("staff.checkIn.scanHelp")}</p>
          <video ref={video} muted playsInline aria-describedby="scan-help" className="staff-scan-video" />
          <button type="button" className="btn" onClick={() => setScanning(false)}>
            {t("staff.checkIn.stopScan")}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setFailed(false);
            setScanning(true);
          }}
        >
          {t("staff.checkIn.scan")}
        </button>
      )}
      {failed && <p role="alert">{t("staff.checkIn.noCamera")}</p>}
    </div>
  );
}
