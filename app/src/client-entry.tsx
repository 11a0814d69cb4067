import "./styles/app.css";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "./lib/router";
// First, so that it hears the first tap even before a page's code has come (lib/first-input.ts).
import "./lib/first-input";
import { loadRoute } from "./routes/load.client";
import { takePayloadTexts } from "./i18n/t";
import { App } from "./shell/App";
import { locationKey } from "./shell/page-data";
import { registerWhenLoaded } from "./sw/register";
import type { Payload } from "./types";

/**
 * The document inlines the rules its server markup uses and loads the whole stylesheet as
 * media="print", so that it never blocks the first paint (issue 52); what the client renders next
 * (another route, a dialog) needs all of it.
 */
function applyStylesheet(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>("link[data-oa-css]")) link.media = "all";
}

async function boot(): Promise<void> {
  applyStylesheet();
  const payload = JSON.parse(document.getElementById("__oa")!.textContent!) as Payload;
  takePayloadTexts(payload);
  // The route chunk must be in hand before the first render: hydrating a lazy boundary would
  // throw away the server HTML.
  const mod = await loadRoute(payload.route);
  const tree = (
    <BrowserRouter>
      <App initial={{ payload, mod, key: locationKey(window.location) }} loadRoute={loadRoute} />
    </BrowserRouter>
  );
  const root = document.getElementById("root")!;
  if (payload.ssr) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page (on a slow phone, the shop's tiles took one long task):
    // a tap meanwhile is answered at once, and the page was usable as plain HTML until then.
    startTransition(() => {
      hydrateRoot(root, tree);
    });
  } else {
    // Server rendering failed: #root only holds the host's static Loading... screen.
    createRoot(root).render(tree);
  }
  registerWhenLoaded();
}

boot().catch((err) => {
  // Without the client the server HTML still works as plain links and forms; just report.
  console.error("OrderAhead failed to start", err);
});
