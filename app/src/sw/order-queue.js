// The worker's half of the offline order queue (the page's half is outbox.ts). Place Order that
// cannot reach the server hands its request, Idempotency-Key included, to this queue (Workbox
// background sync, kept in IndexedDB). It is sent again on a Background Sync event, on every start
// of the worker where the browser has no Background Sync, and whenever a page says it is back
// online or has started. The server de-duplicates by the key, so however often a request is sent,
// one order is made. What the server answered is kept until the shopper has seen it.
import { openDB } from "idb";
import { Queue } from "workbox-background-sync";

/** The one request the queue takes, as the page's api() addresses it. */
const ORDER_PATH = "/api/v1/order";
const OUTCOMES = "outcomes";

let draining = null;
let next = null;
const queue = new Queue("oa-orders", { onSync: ({ queue }) => replay(queue) });
const outcomes = openDB("oa-order-outcomes", 1, {
  upgrade: (db) => db.createObjectStore(OUTCOMES, { keyPath: "key" }),
});

/**
 * One replay at a time: a sync event, a page's `online` and a start may all ask at once. A replay
 * asked for while one runs is run again after it, never merged into it: the running one may
 * already have failed its send (the sync event can come as the connection returns, a moment
 * before sends go through), and the page's `online` would then be lost until the browser's next
 * sync retry, minutes later. Asks made during a run share the one replay after it.
 */
function replay(q) {
  if (!draining) {
    draining = drain(q).finally(() => {
      draining = null;
    });
    return draining;
  }
  next ??= draining
    .catch(() => undefined)
    .then(() => {
      next = null;
      return replay(q);
    });
  return next;
}

/**
 * Sends the queued orders in order. A request that does not reach the server (or reaches only a
 * failing gateway) goes back to the head of the queue and the replay stops, so the sync retries;
 * any other answer, a placed order or a refusal, is the outcome the shopper is told about.
 */
async function drain(q) {
  try {
    let entry;
    while ((entry = await q.shiftRequest())) {
      let res;
      try {
        res = await fetch(entry.request.clone());
      } catch (err) {
        await q.unshiftRequest(entry);
        throw err;
      }
      if (res.status >= 500) {
        await q.unshiftRequest(entry);
        throw new Error(`order replay answered ${res.status}`);
      }
      await (await outcomes).put(OUTCOMES, await outcomeOf(entry, res));
    }
  } finally {
    await announce();
  }
}

/** The API's envelope as the page's api() reads it: the order's id, or the refusal. */
async function outcomeOf(entry, res) {
  let env = null;
  try {
    env = await res.json();
  } catch {
    env = null;
  }
  const key = entry.metadata?.key ?? entry.request.headers.get("Idempotency-Key");
  if (res.ok && env?.successful !== false && typeof env?.value === "number") return { key, at: Date.now(), orderId: env.value };
  return {
    key,
    at: Date.now(),
    refusal: { status: res.status, reason: env?.failureReason ?? "", code: env?.failureCode ?? null, data: env?.failureData ?? null, value: env?.value ?? null },
  };
}

/** Tells every open page what is still waiting and what was answered and not yet seen. */
async function announce() {
  const state = { type: "ORDERS", pending: await queue.size(), outcomes: await (await outcomes).getAll(OUTCOMES) };
  for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage(state);
}

/** Keeps the page's order request (one entry per Idempotency-Key) and answers whether it is kept. */
async function keep({ url, headers, body }, port) {
  let kept = false;
  try {
    const key = headers?.["Idempotency-Key"];
    if (new URL(url, self.location.origin).href !== new URL(ORDER_PATH, self.location.origin).href || !key) throw new Error("not an order request");
    const waiting = await queue.getAll();
    if (!waiting.some((e) => e.metadata?.key === key)) {
      await queue.pushRequest({ request: new Request(url, { method: "POST", headers, body, credentials: "same-origin" }), metadata: { key } });
    }
    kept = true;
  } catch (err) {
    console.warn("order not queued", err);
  }
  port?.postMessage({ queued: kept });
}

export function listenForOrders() {
  self.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type === "QUEUE_ORDER") event.waitUntil(keep(data, event.ports[0]));
    // A failed replay stays queued for the next try; announce() has told the pages already.
    else if (data.type === "REPLAY_ORDERS") event.waitUntil(replay(queue).catch(() => undefined));
    else if (data.type === "ORDER_SEEN") event.waitUntil((async () => (await outcomes).delete(OUTCOMES, data.key))().then(announce));
  });
}
