import { useEffect, useId, useRef, useState, type PointerEvent } from "react";
import { t } from "../../i18n/t";
import { MAX_TYPED_SIGNATURE, signatureSvg, typedSignatureSvg, type Point } from "./flow";

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
 * The Attest signature (spec §4, §5): drawn with a finger, pen or mouse, or typed as a name (for
 * whoever cannot draw: keyboard, switch and screen-reader users), both kept as SVG. Accept is
 * enabled only when something is drawn or typed and not yet accepted. The strokes are kept in CSS
 * pixels, so the pad can be redrawn after a resize and turned into SVG.
 */
export function SignaturePad({ drawn, accepted, onDraw, onClear, onAccept }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const size = useRef({ w: 0, h: 0 });
  const drawing = useRef(false);
  const [full, setFull] = useState(false);
  const toggled = useRef(false);
  const hintId = useId();
  const [typing, setTyping] = useState(false);
  const [name, setName] = useState("");
  const nameId = useId();

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
    if (typing) return;
    if (!toggled.current) return fit();
    const timer = setTimeout(fit, RESIZE_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [full, typing]);

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
    setName("");
    repaint();
    onClear();
  };

  /** Drawing and typing start from nothing: a signature is one or the other. */
  const signBy = (typed: boolean) => {
    if (typed === typing) return;
    clear();
    setTyping(typed);
  };

  const type = (value: string) => {
    setName(value);
    if (value.trim()) onDraw();
    else onClear();
  };

  const accept = () => onAccept(typing ? typedSignatureSvg(name) : signatureSvg(strokes.current, size.current.w, size.current.h));

  const toggleFull = () => {
    toggled.current = true;
    setFull((f) => !f);
  };

  return (
    <div className={`signature-pad${full ? " is-full" : ""}`}>
      <fieldset>
        <legend>{t("eligibility.attest.signHow")}</legend>
        <label className="choice">
          <input type="radio" name={`${hintId}-how`} checked={!typing} onChange={() => signBy(false)} /> {t("eligibility.attest.signDraw")}
        </label>
        <label className="choice">
          <input type="radio" name={`${hintId}-how`} checked={typing} onChange={() => signBy(true)} /> {t("eligibility.attest.signType")}
        </label>
      </fieldset>
      <p className="field-hint" id={hintId} hidden={typing}>
        {t("eligibility.attest.signature")}
      </p>
      <canvas
        ref={canvas}
        hidden={typing}
        role="img"
        aria-label={t("eligibility.attest.signatureLabel")}
        aria-describedby={hintId}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      {typing && (
        <>
          <p className="field">
            <label htmlFor={nameId}>{t("eligibility.attest.signTyped")}</label>
            <input id={nameId} autoComplete="name" maxLength={MAX_TYPED_SIGNATURE} value={name} onChange={(e) => type(e.target.value)} />
          </p>
          {/* The name as it is signed; the field above already says it to assistive technology. */}
          <p className="typed-signature" aria-hidden="true">
            {name}
          </p>
        </>
      )}
      {accepted && (
        <p role="status" className="field-hint">
          {t("eligibility.attest.accepted")}
        </p>
      )}
      <div className="checkout-actions">
        <button type="button" className="btn" onClick={clear} disabled={!drawn}>
          {t("eligibility.attest.clear")}
        </button>
        <button type="button" className="btn btn-primary" onClick={accept} disabled={!drawn || accepted}>
          {t("eligibility.attest.accept")}
        </button>
        {!typing && (
          <button type="button" className="btn" aria-pressed={full} onClick={toggleFull}>
            {t("eligibility.attest.fullScreen")}
          </button>
        )}
      </div>
    </div>
  );
}
