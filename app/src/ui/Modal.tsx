import { useEffect, useId, useRef, type CSSProperties, type ReactNode } from "react";
import { t } from "../i18n/t";

export interface ModalProps {
  /** Visible heading; also the dialog's accessible name. */
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons row under the body. */
  actions?: ReactNode;
  /** Full-screen variant (image viewer). */
  full?: boolean;
  className?: string;
}

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

// Inline so the modal works before app.css has modal rules; classes allow restyling there.
const backdrop: CSSProperties = {
  position: "fixed",
  inset: 0,
  background: "rgba(0,0,0,0.55)",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  zIndex: 1000,
  padding: "1rem",
};
const panel: CSSProperties = {
  background: "#fff",
  color: "#1a1a1a",
  borderRadius: 8,
  maxWidth: 480,
  width: "100%",
  maxHeight: "90vh",
  overflow: "auto",
  padding: "1rem",
};
const fullPanel: CSSProperties = { ...panel, maxWidth: "none", height: "100%", maxHeight: "none", borderRadius: 0 };

/**
 * Accessible modal dialog: role=dialog + aria-modal, labelled by its title, focus moves in on open,
 * Tab is trapped inside, Escape and the backdrop close it, and focus returns to the opener on close.
 * Render it only while open (`{open && <Modal …/>}`); it is client-only state, so never open on the server.
 */
export function Modal({ title, onClose, children, actions, full, className }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const box = ref.current!;
    const first = box.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box).focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.stopPropagation();
        closeRef.current();
        return;
      }
      if (e.key !== "Tab") return;
      const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (!items.length) {
        e.preventDefault();
        return;
      }
      const head = items[0];
      const tail = items[items.length - 1];
      if (e.shiftKey && (document.activeElement === head || !box.contains(document.activeElement))) {
        e.preventDefault();
        tail.focus();
      } else if (!e.shiftKey && document.activeElement === tail) {
        e.preventDefault();
        head.focus();
      }
    };
    document.addEventListener("keydown", onKey, true);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey, true);
      document.body.style.overflow = overflow;
      if (opener && document.contains(opener)) opener.focus();
    };
  }, []);

  return (
    <div
      className="modal-backdrop"
      style={backdrop}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`modal${full ? " modal-full" : ""}${className ? " " + className : ""}`}
        style={full ? fullPanel : panel}
      >
        <div style={{ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: "0.5rem" }}>
          <h2 id={titleId} style={{ margin: 0, fontSize: "1.25rem" }}>
            {title}
          </h2>
          <button type="button" className="btn btn-small modal-close" aria-label={t("modal.close")} onClick={onClose}>
            ×
          </button>
        </div>
        <div className="modal-body" style={{ marginTop: "0.75rem" }}>
          {children}
        </div>
        {actions && (
          <div className="modal-actions" style={{ display: "flex", flexWrap: "wrap", gap: "0.5rem", marginTop: "1rem" }}>
            {actions}
          </div>
        )}
      </div>
    </div>
  );
}
