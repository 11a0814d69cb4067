import type { ReactNode } from "react";

export interface StepProps {
  /** Moves the flow to the next step; steps never go back (spec §2), only a refused Place Order does. */
  done: () => void;
}

/** A step's busy state ("Checking Limits", "Submitting Order"…): announced politely. */
export function Busy({ text }: { text: string }) {
  return (
    <p role="status" className="checkout-busy">
      <span className="spinner" aria-hidden="true" /> {text}
    </p>
  );
}

export function ErrorBox({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="error-box">
      {children}
    </div>
  );
}
