import { useEffect, useId, useRef, useState, type PointerEvent } from "react";
import { t } from "../../i18n/t";
import { signatureSvg, type Point } from "./flow";

/** Spec §9: the pad is resized this long after the full-screen toggle (the layout has settled). */
const RESIZE_DELAY_MS = 400;
/** Points closer than this to the last one add nothing but bytes. */
const MIN_STEP_PX = 2;

interface Props {
  drawn: boolean;
  accepted: boolean;
  onDraw: () => void;
  onClear: () => void;
  onAccept: (svg: string) => void;
}

/**
 * The Attest signature (spec §4, §5): drawn with a finger, pen or mouse; Accept is enabled only
 * when something is drawn and not yet accepted. The strokes are kept in CSS pixels, so the pad can
 * be redrawn after a resize and turned into SVG.
 */
export function SignaturePad({ drawn, accepted, onDraw, onClear, onAccept }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const size = useRef({ w: 0, h: 0 });
  const drawing = useRef(false);
  const [full, setFull] = useState(false);
  const toggled = useRef(false);
  const hintId = useId();

  const pen = () => {
    const ctx = canvas.current?.getContext("2d");
    if (!ctx) return null;
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.lineWidth = 2;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#000";
    return ctx;
  };

  const line = (ctx: CanvasRenderingContext2D, from: Point, to: Point) => {
    ctx.beginPath();
    ctx.moveTo(from[0], from[1]);
    ctx.lineTo(to[0] + (from === to ? 0.01 : 0), to[1]);
    ctx.stroke();
  };

  const repaint = () => {
    const ctx = pen();
    if (!ctx) return;
    ctx.clearRect(0, 0, size.current.w, size.current.h);
    for (const s of strokes.current) s.forEach((p, i) => line(ctx, s[Math.max(0, i - 1)], p));
  };

  /** Matches the bitmap to the pad's size; a drawing is scaled along, keeping its proportions. */
  const fit = () => {
    const c = canvas.current;
    if (!c) return;
    const { width, height } = c.getBoundingClientRect();
    const old = size.current;
    if (old.w && old.h && width && height) {
      const k = Math.min(width / old.w, height / old.h);
      strokes.current = strokes.current.map((s) => s.map(([x, y]) => [x * k, y * k] as Point));
    }
    size.current = { w: width, h: height };
    const dpr = window.devicePixelRatio || 1;
    c.width = Math.round(width * dpr);
    c.height = Math.round(height * dpr);
    repaint();
  };

  useEffect(() => {
    if (!toggled.current) return fit();
    const timer = setTimeout(fit, RESIZE_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [full]);

  const at = (e: PointerEvent<HTMLCanvasElement>): Point => {
    const r = e.currentTarget.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };

  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drawing.current = true;
    const p = at(e);
    strokes.current.push([p]);
    const ctx = pen();
    if (ctx) line(ctx, p, p);
    onDraw();
  };

  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const s = strokes.current[strokes.current.length - 1];
    const last = s[s.length - 1];
    const p = at(e);
    if (Math.hypot(p[0] - last[0], p[1] - last[1]) < MIN_STEP_PX) return;
    s.push(p);
    const ctx = pen();
    if (ctx) line(ctx, last, p);
  };

  const up = () => {
    drawing.current = false;
  };

  const clear = () => {
    strokes.current = [];
    repaint();
    onClear();
  };

  const toggleFull = () => {
    toggled.current = true;
    setFull((f) => !f);
  };

  return (
    <div className={`signature-pad${full ? " is-full" : ""}`}>
      <p className="field-hint" id={hintId}>
        {t("eligibility.attest.signature")}
      </p>
      <canvas
        ref={canvas}
        role="img"
        aria-label={t("eligibility.attest.signatureLabel")}
        aria-describedby={hintId}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      {accepted && (
        <p role="status" className="field-hint">
          {t("eligibility.attest.accepted")}
        </p>
      )}
      <div className="checkout-actions">
        <button type="button" className="btn" onClick={clear} disabled={!drawn}>
          {t("eligibility.attest.clear")}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => onAccept(signatureSvg(strokes.current, size.current.w, size.current.h))} disabled={!drawn || accepted}>
          {t("eligibility.attest.accept")}
        </button>
        <button type="button" className="btn" aria-pressed={full} onClick={toggleFull}>
          {t("eligibility.attest.fullScreen")}
        </button>
      </div>
    </div>
  );
}
