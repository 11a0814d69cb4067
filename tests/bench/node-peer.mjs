#!/usr/bin/env node
// The named peer of the render benchmark: a plain Node `http` server that renders every request
// with the same React server bundle as the Rust host (renderToString inside SSR.render) and fetches
// each page's data from the host's `/_data`. Single process, no cluster, no cache of any kind.
//
//   node tests/bench/node-peer.mjs [--bundle PATH] [--data-origin http://127.0.0.1:8077] [--port 0] [--host 127.0.0.1]
//                                  [--manifest PATH]
//
// Prints `listening http://HOST:PORT` on stdout once ready. `GET /__rss` answers
// {"rss":bytes,"heapUsed":bytes}; on SIGTERM/SIGINT the RSS goes to stderr before exiting.
// --bundle defaults to target/{debug,release}/build/orderahead-*/out/app/server.js (the newest).
// The document mirrors host/templates/document.html: head with title, description, canonical and
// language alternates, the route's stylesheets and module preloads (from the manifest.json beside
// the bundle, else --manifest, else the newest build's; read once at start-up), #root with the markup, the payload as #__oa with "ssr":true,
// and the entry module. Not replicated: the pantry page's JSON-LD (it is not in /_data).
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import vm from "node:vm";

const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const LANGS = ["en", "es"]; // host/catalog.rs LANGS; English is x-default
const THEME_COLOR = "#2e6b30";

function parseArgs(argv) {
  const opts = { bundle: null, manifest: null, dataOrigin: "http://127.0.0.1:8077", port: 0, host: "127.0.0.1" };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => (inline !== undefined ? inline : argv[++i]);
    if (flag === "--bundle") opts.bundle = value();
    else if (flag === "--manifest") opts.manifest = value();
    else if (flag === "--data-origin") opts.dataOrigin = value();
    else if (flag === "--port") opts.port = Number(value());
    else if (flag === "--host") opts.host = value();
    else if (flag === "--help" || flag === "-h") {
      console.log("usage: node tests/bench/node-peer.mjs [--bundle PATH] [--manifest PATH] [--data-origin URL] [--port N] [--host ADDR]");
      process.exit(0);
    } else throw new Error(`unknown argument ${argv[i]}`);
  }
  opts.dataOrigin = opts.dataOrigin.replace(/\/+$/, "");
  return opts;
}

/** The newest existing target/<profile>/build/orderahead-<hash>/out/app/<name>. */
function findBuilt(name) {
  const found = [];
  for (const profile of ["debug", "release"]) {
    const build = path.join(REPO, "target", profile, "build");
    let dirs = [];
    try {
      dirs = fs.readdirSync(build).filter((d) => d.startsWith("orderahead-"));
    } catch {
      continue;
    }
    for (const d of dirs) {
      const file = path.join(build, d, "out", "app", name);
      try {
        found.push({ file, mtime: fs.statSync(file).mtimeMs });
      } catch {}
    }
  }
  return found.sort((a, b) => b.mtime - a.mtime)[0]?.file ?? null;
}

// --- the same escaping as the host -------------------------------------------------------------
const HTML_ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;" };
const escapeHtml = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
/** host/render/document.rs escape_json_for_html. */
const escapeJsonForHtml = (json) =>
  json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
/** host/http/pages.rs with_ssr_flag: splice the flag in rather than re-serialise. */
const withSsrFlag = (payload, ssr) => `{"ssr":${ssr},${payload.slice(1)}`;

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const bundlePath = opts.bundle ?? findBuilt("server.js");
  if (!bundlePath) throw new Error("no target/*/build/orderahead-*/out/app/server.js: build the host first, or pass --bundle");

  // The bundle exactly as tests/bench/render.rs (node_render_ms) loads it.
  const ctx = {};
  vm.createContext(ctx);
  vm.runInContext(fs.readFileSync(bundlePath, "utf8"), ctx, { filename: bundlePath });
  if (typeof ctx.SSR?.render !== "function") throw new Error(`${bundlePath} defines no SSR.render`);

  // A bundle copied elsewhere (cargo bench writes it to a temp dir) has no manifest beside it.
  const beside = path.join(path.dirname(bundlePath), "manifest.json");
  const manifestPath = opts.manifest ?? (fs.existsSync(beside) ? beside : findBuilt("manifest.json"));
  let manifest = null;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8"));
  } catch {
    process.stderr.write("node-peer: no asset manifest (pass --manifest); pages go without stylesheets, preloads and entry script\n");
  }
  /** host/render/manifest.rs tags_for. */
  const tagsFor = (route) => {
    const styles = [];
    const preloads = [];
    if (!manifest) return { styles, preloads, entry: "" };
    const entry = manifest.entry;
    for (const assets of [entry, manifest.routes?.[route]].filter(Boolean)) {
      for (const css of assets.css ?? []) if (!styles.includes(css)) styles.push(css);
      for (const js of [assets.file, ...(assets.imports ?? [])]) if (!preloads.includes(js) && js !== entry.file) preloads.push(js);
    }
    return { styles, preloads, entry: entry.file };
  };

  const data = new URL(opts.dataOrigin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  /** GET /_data for the page: resolves {status, body}. No caching. */
  const fetchPayload = (pageUrl, reqHeaders) =>
    new Promise((resolve, reject) => {
      const headers = { accept: "application/json" };
      // The host negotiates the language from the cookie and Accept-Language: pass them on.
      if (reqHeaders["accept-language"]) headers["accept-language"] = reqHeaders["accept-language"];
      if (reqHeaders.cookie) headers.cookie = reqHeaders.cookie;
      const req = http.request(
        {
          agent,
          hostname: data.hostname,
          port: data.port || 80,
          path: `/_data?url=${encodeURIComponent(pageUrl)}`,
          method: "GET",
          headers,
        },
        (res) => {
          const chunks = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString("utf8") }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end();
    });

  function documentHtml({ payload, status, lang, title, description, rootHtml, ssr, pagePath, nonce }) {
    const route = payload.route;
    const origin = String(payload.config?.newOrigin ?? "").replace(/\/+$/, "");
    const pageUrl = `${origin}${pagePath}`;
    const inLanguage = (l) => (l === "en" ? pageUrl : `${pageUrl}?lang=${l}`);
    const { styles, preloads, entry } = tagsFor(route);
    const alternates = [...LANGS.map((l) => [l, inLanguage(l)]), ["x-default", inLanguage("en")]];
    return (
      `<!doctype html>\n<html lang="${escapeHtml(lang)}">\n<head>\n<meta charset="utf-8">\n` +
      `<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">\n` +
      `<title>${escapeHtml(title)}</title>\n<meta name="description" content="${escapeHtml(description)}">\n` +
      `<link rel="canonical" href="${escapeHtml(inLanguage(lang))}">\n` +
      alternates.map(([h, href]) => `<link rel="alternate" hreflang="${h}" href="${escapeHtml(href)}">\n`).join("") +
      `<meta name="theme-color" content="${THEME_COLOR}">\n<link rel="manifest" href="/manifest.webmanifest">\n` +
      `<link rel="icon" href="/favicon.ico" sizes="any">\n<link rel="apple-touch-icon" href="/icons/icon-192.png">\n` +
      styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">\n`).join("") +
      preloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">\n`).join("") +
      `</head>\n<body>\n<div id="root">${rootHtml}</div>\n` +
      `<script id="__oa" type="application/json" nonce="${nonce}">${escapeJsonForHtml(withSsrFlag(payload.json, ssr))}</script>\n` +
      (entry ? `<script type="module" src="${escapeHtml(entry)}" nonce="${nonce}"></script>\n` : "") +
      `</body>\n</html>`
    );
  }

  const csp = (nonce) =>
    `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'unsafe-inline'; img-src 'self' data: ; ` +
    `connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; ` +
    `manifest-src 'self'; worker-src 'self'`;

  async function handle(req, res) {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    const pageUrl = req.url || "/";
    if (pageUrl === "/__rss") {
      const m = process.memoryUsage();
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify({ rss: m.rss, heapUsed: m.heapUsed }));
      return;
    }
    const { status, body } = await fetchPayload(pageUrl, req.headers);
    if (!body.startsWith("{") || status >= 500 || status === 400) {
      res.writeHead(status === 400 ? 400 : 502, { "content-type": "text/plain; charset=utf-8" });
      res.end(status === 400 ? "bad request" : `upstream /_data answered ${status}`);
      return;
    }
    const payload = JSON.parse(body);
    payload.json = body;
    const lang = payload.lang || "en";
    const nonce = crypto.randomBytes(16).toString("base64");
    const pagePath = pageUrl.split("?")[0];
    let doc;
    try {
      // The host hands the engine the payload as /_data answers it (the "ssr" flag only goes in the embedded copy).
      const r = ctx.SSR.render(body);
      doc = documentHtml({ payload, status, lang, title: r.title, description: r.description, rootHtml: r.html, ssr: true, pagePath, nonce });
    } catch (error) {
      // As the host does: the client-rendered shell with a loading screen.
      process.stderr.write(`node-peer: render failed for ${pageUrl}: ${error?.message ?? error}\n`);
      const text = (k, fallback) => payload.messages?.[k] ?? fallback;
      const loading = `<div class="loading-screen" role="status" aria-live="polite">${escapeHtml(text("shell.loading", "Loading..."))}</div>`;
      doc = documentHtml({
        payload,
        status,
        lang,
        title: text("app.title", "OrderAhead"),
        description: text("app.tagline", ""),
        rootHtml: loading,
        ssr: false,
        pagePath,
        nonce,
      });
    }
    const headers = {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-cache",
      "content-security-policy": csp(nonce),
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "DENY",
      "content-length": Buffer.byteLength(doc),
    };
    const chosen = /[?&]lang=([^&]*)/.exec(pageUrl)?.[1]?.toLowerCase();
    if (chosen && LANGS.includes(chosen)) headers["set-cookie"] = `oa_lang=${chosen}; Path=/; Max-Age=31536000; SameSite=Lax`;
    res.writeHead(status, headers);
    res.end(req.method === "HEAD" ? undefined : doc);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      process.stderr.write(`node-peer: ${req.url}: ${error?.stack ?? error}\n`);
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
      res.end("bad gateway");
    });
  });
  server.keepAliveTimeout = 65_000;

  const stop = (signal) => {
    process.stderr.write(`node-peer: ${signal}, rss ${(process.memoryUsage().rss / 1048576).toFixed(1)} MB\n`);
    server.close();
    agent.destroy();
    process.exit(0);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  server.listen(opts.port, opts.host, () => {
    const { address, port } = server.address();
    const host = address.includes(":") ? `[${address}]` : address;
    process.stdout.write(`listening http://${host}:${port}\n`);
  });
}

try {
  main();
} catch (error) {
  process.stderr.write(`node-peer: ${error?.stack ?? error}\n`);
  process.exit(1);
}
