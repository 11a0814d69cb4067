import { useEffect, useState } from "react";
import { Link } from "../ui/Link";
import { t } from "../i18n/t";
import { ApiFailure } from "../lib/api";
import { orderNumber } from "../lib/orders";
import { refusalText } from "../lib/refusal";
import { followQueuedOrders, orderAnswerSeen, type QueueReport, type QueuedOrderAnswer } from "../sw/outbox";

/** The words for an answered order: placed, or refused with the refusal's own text where the page has it. */
function answerText(a: QueuedOrderAnswer): string {
  if (a.orderId !== undefined) return t("shell.queuedOrder.placed", { number: orderNumber(a.orderId) });
  const r = a.refusal;
  const reason = r ? refusalText(new ApiFailure(r.status, r.reason, r.value, r.code, r.data)) : "";
  return reason ? t("shell.queuedOrder.refused", { reason }) : t("shell.queuedOrder.failed");
}

/**
 * Orders kept while offline (sw/outbox.ts): what the server answered once they were sent, one at a
 * time until the shopper closes it, on whatever screen is open; at start, that an order still waits.
 * Loaded lazily by the shell after hydration, so it weighs nothing on a page's first load.
 */
export default function QueuedOrders() {
  const [report, setReport] = useState<QueueReport | null>(null);
  // Closed here: a report sent before the worker forgot them must not bring them back.
  const [seen, setSeen] = useState<ReadonlySet<string>>(new Set());
  const [waitingClosed, setWaitingClosed] = useState(false);
  // Only the first report tells of a waiting order: at checkout the confirmation step says it.
  const [waitingAtStart, setWaitingAtStart] = useState<boolean | null>(null);

  useEffect(
    () =>
      followQueuedOrders((r) => {
        setReport(r);
        setWaitingAtStart((w) => w ?? r.pending > 0);
      }),
    [],
  );

  const answer = report?.outcomes.find((o) => !seen.has(o.key));
  const waiting = !answer && !waitingClosed && waitingAtStart && (report?.pending ?? 0) > 0;

  const close = () => {
    if (!answer) return setWaitingClosed(true);
    setSeen(new Set([...seen, answer.key]));
    orderAnswerSeen(answer.key);
  };

  return (
    <div className="notice-slot" role="status">
      {(answer || waiting) && (
        <div className="banner shop-banner shop-banner-info">
          <div className="shop-banner-text">
            {answer ? answerText(answer) : t("shell.queuedOrder.waiting")}
            {answer?.orderId !== undefined && (
              <>
                {" "}
                <Link to={`/account/orders/${answer.orderId}`}>{t("shell.queuedOrder.view")}</Link>
              </>
            )}
          </div>
          <button type="button" className="btn btn-small" onClick={close}>
            {t("modal.close")}
          </button>
        </div>
      )}
    </div>
  );
}
