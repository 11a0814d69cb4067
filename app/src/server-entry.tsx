// Server bundle for the Rust host (QuickJS): an IIFE exposing globalThis.SSR.
// Everything reachable from here must run without Intl, URL, TextEncoder, timers, window or document;
// scripts/check-server-bundle.mjs enforces that on every build.
import "./server/url-shim"; // first: the router reads addresses through URL
import { renderToString } from "react-dom/server.browser";
import { StaticRouter } from "./lib/router";
import { takePayloadTexts } from "./i18n/t";
import { App } from "./shell/App";
import { routeIds } from "./routes/ids";
import { requireRoute } from "./routes/load.server";
import type { Meta, Payload } from "./types";

export { routeIds };

export interface RenderResult extends Meta {
  /** Markup for inside <div id="root">. */
  html: string;
}

const loadRoute = (id: string) => Promise.resolve(requireRoute(id));

/** payloadJson: {route, status, url, data, config, lang, messages}. Throws on an unknown route id or a render error. */
export function render(payloadJson: string): RenderResult {
  const payload = JSON.parse(payloadJson) as Payload;
  takePayloadTexts(payload, true);
  const mod = requireRoute(payload.route);
  const html = renderToString(
    <StaticRouter location={payload.url}>
      <App initial={{ payload, mod, key: payload.url }} loadRoute={loadRoute} />
    </StaticRouter>,
  );
  const { title, description } = mod.meta(payload.data);
  return { html, title, description };
}
