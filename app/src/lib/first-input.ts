/**
 * Whether the person has done anything on the page since the document loaded (a tap, a key, a
 * scroll). An offer that opens by itself waits for it on a freshly loaded page: opened over a page
 * nobody has touched yet, it became the page's largest paint (issue 52), and after the first input
 * no paint counts as that any more.
 */
const EVENTS = ["pointerdown", "keydown", "scroll", "wheel", "touchstart"] as const;
let interacted = false;
const waiting = new Set<() => void>();

function note(): void {
  if (interacted) return;
  interacted = true;
  for (const type of EVENTS) removeEventListener(type, note, true);
  for (const run of waiting) run();
  waiting.clear();
}

if (typeof window !== "undefined") {
  for (const type of EVENTS) addEventListener(type, note, { capture: true, passive: true });
}

/** Runs `run` at the first input (at once when there was one); returns the cancel. */
export function afterFirstInput(run: () => void): () => void {
  if (interacted) {
    run();
    return () => {};
  }
  waiting.add(run);
  return () => waiting.delete(run);
}
