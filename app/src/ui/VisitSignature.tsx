// A household's signature for a walk-in visit (where the food bank asks for one): a name typed,
// which a keyboard, a screen reader or a page without JavaScript can always give, or strokes drawn
// with a finger or a pen once the page is live. The drawing is posted as an SVG path of moves and
// lines in a 300 by 100 box (`signedDrawing`), which the server checks before keeping it.
import { useRef, useState, type PointerEvent } from "react";
import { t } from "../i18n/t";
import { useHydrated } from "./useHydrated";

const W = 300;
const H = 100;
// The server keeps at most 20,000 characters of path: stop adding points well before.
const MAX_PATH = 18_000;

const clamp = (n: number, max: number) => Math.round(Math.min(max, Math.max(0, n)) * 10) / 10;

export function VisitSignature({ typed, error }: { typed: string; error?: string }) {
  const hydrated = useHydrated();
  const [path, setPath] = useState("");
  const drawing = useRef(false);

  const point = (e: PointerEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return `${clamp(((e.clientX - box.left) / box.width) * W, W)} ${clamp(((e.clientY - box.top) / box.height) * H, H)}`;
  };
  const start = (e: PointerEvent<SVGSVGElement>) => {
    if (path.length > MAX_PATH) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const p = point(e);
    setPath((old) => `${old ? `${old} ` : ""}M ${p}`);
  };
  const move = (e: PointerEvent<SVGSVGElement>) => {
    if (!drawing.current) return;
    const p = point(e);
    setPath((old) => (old.length > MAX_PATH ? old : `${old} L ${p}`));
  };
  const stop = () => {
    drawing.current = false;
  };

  return (
    <fieldset className="visit-signature" aria-describedby={error ? "signature-error" : "signature-help"}>
      <legend>{t("staff.households.signature")}</legend>
      <p id="signature-help" className="hint">
        {t("staff.households.signatureHelp")}
      </p>
      <label htmlFor="signed-name">
        {t("staff.households.signedName")}
        <input id="signed-name" name="signedName" autoComplete="off" maxLength={100} defaultValue={typed} aria-invalid={error ? true : undefined} />
      </label>
      {hydrated && (
        <div className="visit-signature-pad">
          <p id="signature-draw">{t("staff.households.signHere")}</p>
          <svg
            viewBox={`0 0 ${W} ${H}`}
            role="img"
            aria-labelledby="signature-draw"
            data-testid="signature-pad"
            onPointerDown={start}
            onPointerMove={move}
            onPointerUp={stop}
            onPointerCancel={stop}
          >
            <path d={path || "M 0 0"} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <input type="hidden" name="signedDrawing" value={path.includes("L") ? path : ""} />
          <button type="button" className="btn btn-secondary" onClick={() => setPath("")} disabled={!path}>
            {t("staff.households.clearSignature")}
          </button>
        </div>
      )}
      {error && (
        <p id="signature-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
