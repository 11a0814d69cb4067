import type { Dispatch } from "react";
import { t, type MessageKey } from "../../i18n/t";
import { canAnswer, type Action, type State } from "./flow";

/** The YES/NO of a step (spec §4); each button is enabled only while that answer is possible. */
export function YesNo({
  state,
  dispatch,
  yes = "eligibility.yes",
  no = "eligibility.no",
}: {
  state: State;
  dispatch: Dispatch<Action>;
  yes?: MessageKey;
  no?: MessageKey;
}) {
  return (
    <div className="checkout-actions">
      <button type="button" className="btn btn-primary" disabled={!canAnswer(state, true)} onClick={() => dispatch({ type: "answer", yes: true })}>
        {t(yes)}
      </button>
      <button type="button" className="btn" disabled={!canAnswer(state, false)} onClick={() => dispatch({ type: "answer", yes: false })}>
        {t(no)}
      </button>
    </div>
  );
}
