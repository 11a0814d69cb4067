#!/usr/bin/env node
// Front-end preview only, NOT the product: a stand-in for the Rust host so the UI and the browser
// tests can run without cargo. It follows the host contract: renders server.js in a bare context
// (as QuickJS would), embeds the payload as #__oa, answers GET /_data?url=, serves /assets and static/.
// Usage: node app/scripts/preview-server.mjs --dist <DIR> [--port 4173] [--no-ssr]
//   --no-ssr serves the "Loading..." fallback with ssr:false, as the host does when rendering fails.
import { createServer } from "node:http";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { loadServerBundle } from "./check-server-bundle.mjs";

const appDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const staticDir = join(appDir, "..", "static");
const { values: args } = parseArgs({
  options: { dist: { type: "string" }, port: { type: "string", default: "4173" }, "no-ssr": { type: "boolean" } },
});
if (!args.dist) {
  console.error("usage: node scripts/preview-server.mjs --dist <DIR> [--port N] [--no-ssr]");
  process.exit(2);
}
const dist = args.dist;
const ssr = loadServerBundle(join(dist, "server.js"));
const manifest = JSON.parse(readFileSync(join(dist, "manifest.json"), "utf8"));
const en = JSON.parse(readFileSync(join(appDir, "src", "i18n", "en.json"), "utf8"));
const config = { tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", oldHosts: [], newOrigin: "", tefapTesting: false };

// The host's route table, reduced to today's routes.
function route(pathname) {
  if (pathname === "/") return { route: "home", status: 200, data: { infoSections: [] } };
  return { route: "not-found", status: 404, data: null };
}

function payloadFor(url) {
  const pathname = url.split("?")[0];
  return { ...route(pathname), url, config };
}

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const jsonForScript = (v) => JSON.stringify(v).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");

function documentFor(payload) {
  let html = `<div class="boot-loading">${esc(en["shell.loading"])}</div>`;
  let title = en["app.title"];
  let description = en["app.tagline"];
  let rendered = false;
  if (!args["no-ssr"]) {
    try {
      ({ html, title, description } = ssr.render(JSON.stringify(payload)));
      rendered = true;
    } catch (e) {
      console.error("render failed:", e && e.message);
    }
  }
  const r = manifest.routes[payload.route];
  const preload = [...new Set([manifest.entry.file, ...manifest.entry.imports, r.file, ...r.imports])];
  const css = [...new Set([...manifest.entry.css, ...r.css])];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><meta name="description" content="${esc(description)}">
<meta name="theme-color" content="#2e6b30"><link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" href="/favicon.ico" sizes="any"><link rel="apple-touch-icon" href="/icons/icon-192.png">
${css.map((h) => `<link rel="stylesheet" href="${h}">`).join("")}
${preload.map((h) => `<link rel="modulepreload" href="${h}">`).join("")}
</head><body><div id="root">${html}</div>
<script id="__oa" type="application/json">${jsonForScript({ ...payload, ssr: rendered })}</script>
<script type="module" src="${manifest.entry.file}"></script></body></html>`;
}

const TYPES = { ".js": "text/javascript", ".css": "text/css", ".png": "image/png", ".ico": "image/x-icon", ".webmanifest": "application/manifest+json" };

function sendFile(res, root, rel, cache) {
  const file = normalize(join(root, rel));
  if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) return false;
  res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": cache });
  res.end(readFileSync(file));
  return true;
}

createServer((req, res) => {
  const [pathname, query = ""] = req.url.split("?");
  if (pathname.startsWith("/assets/") && sendFile(res, join(dist, "client"), pathname, "public, max-age=31536000, immutable")) return;
  if (pathname === "/_data") {
    const url = decodeURIComponent((/(?:^|&)url=([^&]*)/.exec(query) ?? [])[1] ?? "/");
    const body = JSON.stringify(payloadFor(url));
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
    return res.end(body);
  }
  // Files at the client root (sw.js) and static/ are served at the site root, as the host does.
  if (pathname === "/sw.js" && sendFile(res, join(dist, "client"), pathname, "no-cache")) return;
  if (pathname !== "/" && sendFile(res, staticDir, pathname, "public, max-age=3600")) return;
  if (pathname === "/index.html") {
    res.writeHead(301, { location: "/" });
    return res.end();
  }
  const payload = payloadFor(req.url);
  res.writeHead(payload.status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(documentFor(payload));
}).listen(Number(args.port), "127.0.0.1", () => console.log(`preview on http://127.0.0.1:${args.port}/`));
