// Sends the door's queued actions, oldest first, one at a time (issue 50): on a staff page's
// start, when the browser says it is back online, and after each action recorded while online.
// An action that does not reach the server (no connection, or a failing server) stays at the head
// of the queue and the run stops, to go again at the next chance; the server keeps each action's
// key, so sending one again never records it twice. A refusal (the order was cancelled meanwhile,
// handed over at another desk, the staff member's access revoked) leaves the queue for the list
// of refused actions, with what the server said.
import { ApiFailure } from "../api/failure";
import { doorSend } from "../api/door";
import { queued, refuse, sent, type Queued } from "./store";

let running: Promise<void> | null = null;
let again = false;

/** Sends what waits; a run asked for while one runs starts again after it. */
export function syncDoor(): Promise<void> {
  // Nothing to try without a connection: the `online` event starts the next run.
  if (typeof navigator !== "undefined" && !navigator.onLine) return Promise.resolve();
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await drain();
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

async function drain(): Promise<void> {
  for (const item of await queued()) {
    if (!(await sendOne(item))) return;
  }
}

/** True when the action is settled (sent or refused); false when it must wait. */
async function sendOne(item: Queued): Promise<boolean> {
  const seq = item.seq as number;
  const refused = (code: string | null, message: string, state: string | null) =>
    refuse(seq, { key: item.send.key, label: item.label, action: item.send.action, code, message, state });
  try {
    const outcome = await doorSend(item.send);
    if (outcome.outcome === "conflict") await refused(outcome.code ?? null, outcome.message ?? "", outcome.state ?? null);
    else await sent(seq);
    return true;
  } catch (e) {
    if (e instanceof ApiFailure && e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429) {
      await refused(e.code, e.message, null);
      return true;
    }
    return false;
  }
}
