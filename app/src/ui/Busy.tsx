/** A step's busy state ("Checking Limits", "Submitting Order"…): announced politely. */
export function Busy({ text }: { text: string }) {
  return (
    <p role="status" className="checkout-busy">
      <span className="spinner" aria-hidden="true" /> {text}
    </p>
  );
}
