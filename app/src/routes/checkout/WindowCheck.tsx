import { useEffect, useState, type ReactNode } from "react";
import { Link } from "../../ui/Link";
import { useData } from "../../lib/useData";
import { t } from "../../i18n/t";
import { Busy } from "../../ui/Busy";
import { ErrorBox } from "../../ui/ErrorBox";
import { hasRoom } from "../../lib/seats";

/** Where a window check stands: still checking, the times offered instead of a stale choice, none at all, or a failed load. */
type Check<T> = { kind: "checking" } | { kind: "stale"; times: T[] } | { kind: "none" } | { kind: "error" };

/** The times a window check loads: their key (their API path) and the call. */
export interface OfferedTimes<T> {
  key: string;
  load: () => Promise<T[]>;
}

/** What a window check reads of a time: its id, and the server's count of the orders it still takes. */
type Slot = { id: number; remaining?: number | null };

/**
 * Spec §2's pickup and delivery window checks: the times still offered are loaded (`offered` null:
 * the order has no such window, nothing to check) and the step is done once the chosen time is
 * among them with room. A time that has become full is no longer offered: the picker lists it as
 * Full beside the others, and with no time left with room there is none to choose.
 */
function useWindowCheck<T extends Slot>(offered: OfferedTimes<T> | null, chosenId: number | undefined, done: () => void): Check<T> {
  const times = useData(offered?.key ?? null, () => offered!.load());
  const valid = !offered || (chosenId !== undefined && !!times.data?.some((x) => x.id === chosenId && hasRoom(x)));
  useEffect(() => {
    if (valid) done();
  }, [valid, done]);
  if (times.error) return { kind: "error" };
  if (!times.data || valid) return { kind: "checking" };
  return times.data.some(hasRoom) ? { kind: "stale", times: times.data } : { kind: "none" };
}

/** The texts of one window check (pickup or delivery). */
export interface WindowCheckTexts {
  checking: string;
  error: string;
  stale: string;
  none: string;
  /** The way out when no time is offered. */
  noneLink: string;
}

/** One window check: busy while checking; when the choice is stale, Choose Time opens `picker` with the offered times. */
export function WindowCheck<T extends Slot>(props: {
  offered: OfferedTimes<T> | null;
  chosenId: number | undefined;
  done: () => void;
  texts: WindowCheckTexts;
  picker: (times: T[], close: () => void) => ReactNode;
}) {
  const check = useWindowCheck<T>(props.offered, props.chosenId, props.done);
  const [choosing, setChoosing] = useState(false);
  const { texts } = props;
  switch (check.kind) {
    case "checking":
      return <Busy text={texts.checking} />;
    case "error":
      return <ErrorBox>{texts.error}</ErrorBox>;
    case "none":
      return (
        <div>
          <p>{texts.none}</p>
          <Link to="/pantries">{texts.noneLink}</Link>
        </div>
      );
    case "stale":
      return (
        <div>
          <p>{texts.stale}</p>
          <button type="button" className="btn btn-primary" onClick={() => setChoosing(true)}>
            {t("checkout.chooseTime")}
          </button>
          {choosing && props.picker(check.times, () => setChoosing(false))}
        </div>
      );
  }
}
