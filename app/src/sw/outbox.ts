// The page's half of the offline order queue (the worker's half is order-queue.js): hands an order
// that could not be sent to the worker, and follows the worker's reports of what still waits and
// what the server answered (shown by shell/QueuedOrders.tsx until the shopper closes it).
import type { ApiRequest } from "../lib/api";

/** The worker answers at once; a worker that does not (stopped mid-way) has not kept the order. */
const QUEUE_ANSWER_MS = 5000;

export interface QueuedOrderAnswer {
  key: string;
  orderId?: number;
  refusal?: { status: number; reason: string; code: string | null; data: Record<string, string | number> | null; value: unknown };
}
/** What the worker reports: how many orders still wait, and the answers not yet seen. */
export interface QueueReport {
  pending: number;
  outcomes: QueuedOrderAnswer[];
}

/**
 * Hands an order request that did not reach the server to the worker, which sends it when the
 * connection is back. False where no worker runs (the browser has none, or it is not installed yet).
 */
export async function queueOrder(req: ApiRequest): Promise<boolean> {
  const worker = "serviceWorker" in navigator ? (await navigator.serviceWorker.getRegistration())?.active : null;
  if (!worker) return false;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), QUEUE_ANSWER_MS);
    channel.port1.onmessage = (e: MessageEvent<{ queued?: boolean }>) => {
      clearTimeout(timer);
      resolve(e.data?.queued === true);
    };
    worker.postMessage({ type: "QUEUE_ORDER", url: req.url, headers: req.headers, body: req.body }, [channel.port2]);
  });
}

const tell = (message: object) => void navigator.serviceWorker.ready.then((reg) => reg.active?.postMessage(message));

/**
 * Calls `onReport` with each of the worker's reports (orders still waiting, answers not yet seen)
 * and asks the worker to send what waits now, and again whenever the browser is back online
 * (where Background Sync exists it may already have; a second send of the same key is answered
 * with the same order). Returns the unsubscribe.
 */
export function followQueuedOrders(onReport: (report: QueueReport) => void): () => void {
  if (!("serviceWorker" in navigator)) return () => undefined;
  const sw = navigator.serviceWorker;
  const onMessage = (e: MessageEvent<QueueReport & { type?: string }>) => {
    if (e.data?.type === "ORDERS") onReport(e.data);
  };
  const replay = () => tell({ type: "REPLAY_ORDERS" });
  sw.addEventListener("message", onMessage);
  sw.startMessages();
  window.addEventListener("online", replay);
  replay();
  return () => {
    sw.removeEventListener("message", onMessage);
    window.removeEventListener("online", replay);
  };
}

/** The shopper has read the answer: the worker forgets it. */
export const orderAnswerSeen = (key: string) => tell({ type: "ORDER_SEEN", key });
