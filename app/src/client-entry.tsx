import "./styles/app.css";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { loadRoute } from "./routes/load.client";
import { takePayloadTexts } from "./i18n/t";
import { App } from "./shell/App";
import { locationKey } from "./shell/page-data";
import { registerWhenLoaded } from "./sw/register";
import type { Payload } from "./types";

async function boot(): Promise<void> {
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
  if (payload.ssr) hydrateRoot(root, tree);
  // Server rendering failed: #root only holds the host's static Loading... screen.
  else createRoot(root).render(tree);
  registerWhenLoaded();
}

boot().catch((err) => {
  // Without the client the server HTML still works as plain links and forms; just report.
  console.error("OrderAhead failed to start", err);
});
