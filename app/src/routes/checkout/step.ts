export interface StepProps {
  /** Moves the flow to the next step; steps never go back (spec §2), only a refused Place Order does. */
  done: () => void;
}
