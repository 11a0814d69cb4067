#!/usr/bin/env node
// Builds what the Rust host loads:
//   <out>/server.js       IIFE, globalThis.SSR = { render(payloadJson) -> {html,title,description}, routeIds }
//   <out>/client/assets/  ESM chunks and CSS, content-hashed (served under /assets/)
//   <out>/manifest.json   entry + per-route files, their static imports (for modulepreload) and CSS
//   <out>/client/sw.js    service worker (served at /sw.js; Workbox, bundled), precaching the above plus static/
// Usage: node app/build.mjs --out <DIR>   (paths resolve from this file, so any cwd works)
import * as esbuild from "esbuild";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { checkServerBundle } from "./scripts/check-server-bundle.mjs";
import { generateApiTypes } from "./scripts/gen-api-types.mjs";
import { checkMessageNamespaces, filesReachable, keysNamed, messagesPlugin } from "./scripts/messages-plugin.mjs";

const appDir = dirname(fileURLToPath(import.meta.url));
// First-load JS of any page (entry, its chunks, the route chunk and its imports), gzip -9: issue
// 52's 95 KB. The largest pages were at 100.6 KB with React Router (13 KB gzip of which the app used
// a location and navigate); with the app's own router (src/lib/router.tsx) they are at 87 KB.
const JS_BUDGET_GZIP = 95 * 1024;
const { values: args } = parseArgs({ options: { out: { type: "string" }, quiet: { type: "boolean" } } });
if (!args.out) {
  console.error("usage: node build.mjs --out <DIR>");
  process.exit(2);
}
const outDir = resolve(process.cwd(), args.out);
// The API's types first, so the typecheck that follows any build sees the current document.
await generateApiTypes();
const assetsDir = join(outDir, "client", "assets");

/** A route is a folder src/routes/<id>/ holding route.tsx; its id is the folder name. */
function discoverRoutes() {
  const dir = join(appDir, "src", "routes");
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, "route.tsx")))
    .map((d) => d.name)
    .sort();
}

const routeIds = discoverRoutes();
for (const id of routeIds) {
  if (!/^[a-z][a-z0-9-]*$/.test(id)) throw new Error(`route folder "${id}": use lowercase letters, digits and dashes`);
}

/**
 * Namespaces a lazy chunk fetches itself as it loads (`fetchTexts` in src/i18n/t.ts) rather than
 * have every page that may load it carry them: refusals are only shown after an API call answers,
 * and they are the largest namespace a shopper's page would otherwise carry unseen.
 */
const FETCHED_TEXTS = ["refusal"];

// Every language's keys: English's, and those only other languages have (their plural forms,
// their `fmt.*` date words).
const catalogKeys = [
  ...new Set(
    JSON.parse(readFileSync(join(appDir, "src", "i18n", "languages.json"), "utf8")).flatMap(({ code }) =>
      Object.keys(JSON.parse(readFileSync(join(appDir, "src", "i18n", `${code}.json`), "utf8"))),
    ),
  ),
];

rmSync(join(outDir, "client"), { recursive: true, force: true });
rmSync(join(outDir, "server.js"), { force: true });
rmSync(join(outDir, "manifest.json"), { force: true });
mkdirSync(assetsDir, { recursive: true });

// Leaflet's stylesheet is its own hashed file, fetched by the map chunk when a map shows.
const leafletCss = await buildLeafletCss();

const common = {
  absWorkingDir: appDir,
  bundle: true,
  minify: true,
  jsx: "automatic",
  target: "es2020",
  logLevel: "warning",
  plugins: [messagesPlugin(appDir)],
  define: {
    "process.env.NODE_ENV": '"production"',
    __ROUTE_IDS__: JSON.stringify(routeIds),
    __LEAFLET_CSS__: JSON.stringify(leafletCss),
  },
  alias: {
    "react/jsx-runtime": "./src/lib/jsx-runtime.mjs",
  },
};

await esbuild.build({
  ...common,
  entryPoints: ["src/server-entry.tsx"],
  outfile: join(outDir, "server.js"),
  define: { ...common.define, __SERVER__: "true" },
  format: "iife",
  globalName: "SSR",
  platform: "browser",
  footer: { js: "globalThis.SSR=SSR;" },
  loader: { ".css": "empty" },
  alias: {
    ...common.alias,
    // renderToString only: the legacy build needs no TextEncoder, streams or timers (QuickJS has none).
    "react-dom/server.browser": "./node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js",
    // The map only ever mounts in the browser.
    leaflet: "./src/server/no-leaflet.ts",
  },
});

const client = await esbuild.build({
  ...common,
  entryPoints: [
    { in: "src/client-entry.tsx", out: "entry" },
    ...routeIds.map((id) => ({ in: `src/routes/${id}/route.tsx`, out: id })),
  ],
  define: { ...common.define, __SERVER__: "false" },
  outdir: assetsDir,
  format: "esm",
  splitting: true,
  platform: "browser",
  entryNames: "[name]-[hash]",
  chunkNames: "chunk-[hash]",
  assetNames: "[name]-[hash]",
  metafile: true,
});

checkMessageNamespaces(client.metafile, appDir, routeIds);
checkRouteBoundaries(client.metafile);
checkApiCalls(client.metafile);
const manifest = buildManifest(client.metafile);
for (const [id, r] of Object.entries(manifest.routes)) {
  // esbuild does not load a dynamically imported chunk's CSS, so a route's own stylesheet would be
  // missing after a client-side navigation: styles belong to the stylesheet(s) client-entry imports.
  if (r.css.length) throw new Error(`route ${id} imports CSS; import stylesheets from src/client-entry.tsx instead`);
}
writeFileSync(join(outDir, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
// The host inlines the rules of this sheet a page uses (render/critical_css.rs): it reads the one
// stylesheet under a name it knows at compile time.
if (manifest.entry.css.length !== 1) throw new Error(`client-entry must bundle one stylesheet, not ${manifest.entry.css.length}`);
writeFileSync(join(outDir, "app.css"), readFileSync(join(assetsDir, manifest.entry.css[0].slice("/assets/".length))));

const sw = await buildServiceWorker(client.metafile);
if (!args.quiet) console.log(`sw.js ${sw.version}: precaches ${sw.files} files; ${(sw.gzip / 1024).toFixed(1)} KB gzip (not page JS: installed after load)`);

const check = await checkServerBundle(join(outDir, "server.js"), routeIds);
if (!args.quiet) console.log(`server bundle OK in V8 (bare) and QuickJS-NG: ${check.renders} renders of ${check.routeIds.join(", ")}`);

const sizes = measure(manifest);
if (!args.quiet) printSizes(sizes);
const over = Object.entries(sizes.routes).filter(([, r]) => r.firstLoad > JS_BUDGET_GZIP);
if (over.length) {
  console.error(`JS budget exceeded (${JS_BUDGET_GZIP} bytes gzip on first load): ${over.map(([id, r]) => `${id} ${r.firstLoad}`).join(", ")}`);
  process.exit(1);
}

/**
 * A route's folder is its own: what two routes share lives in src/ui/ or src/lib/, so that changing
 * one page never changes another by accident. Only the route loaders (src/routes/load.*.ts) reach
 * into the folders.
 */
function checkRouteBoundaries(metafile) {
  const folderOf = (file) => /^src\/routes\/([^/]+)\//.exec(file)?.[1];
  const wrong = [];
  for (const [file, input] of Object.entries(metafile.inputs)) {
    if (/^src\/routes\/load\.[a-z]+\.ts$/.test(file)) continue;
    for (const imp of input.imports) {
      const target = folderOf(imp.path);
      if (target && target !== folderOf(file)) wrong.push(`${file} imports ${imp.path}`);
    }
  }
  if (wrong.length) throw new Error(`routes must not import from each other's folders (move the shared code to src/ui/ or src/lib/):\n  ${wrong.join("\n  ")}`);
}

/**
 * Every API call is one typed function of its area in src/lib/api/ (the generated types check its
 * parameters, body and answer): the untyped envelope (http.ts) and the typed request behind the
 * area functions (typed.ts) are for that folder only.
 */
function checkApiCalls(metafile) {
  const plumbing = new Set(["src/lib/api/http.ts", "src/lib/api/typed.ts"]);
  const wrong = [];
  for (const [file, input] of Object.entries(metafile.inputs)) {
    if (file.startsWith("src/lib/api/")) continue;
    for (const imp of input.imports) if (plumbing.has(imp.path)) wrong.push(`${file} imports ${imp.path}`);
  }
  if (wrong.length) throw new Error(`call the API through the function of its area in src/lib/api/ (add one there):\n  ${wrong.join("\n  ")}`);
}

/**
 * The catalog keys a page's payload carries (as prefixes, see keysNamed): those its code names,
 * lazily loaded code included but for the namespaces such code fetches itself (FETCHED_TEXTS).
 */
function pageTexts(metafile, entryPoint, { routes }) {
  const fetched = (prefix) => FETCHED_TEXTS.includes(prefix.split(".")[0]);
  // Such a namespace goes whole or not at all, so that the browser can tell it has it.
  const own = [...new Set(keysNamed(appDir, filesReachable(metafile, entryPoint, { lazy: false }), catalogKeys).map((p) => (fetched(p) ? p.split(".")[0] : p)))];
  // The entry's lazy parts (the shell's queued orders) show on every page, its routes only on theirs.
  const skip = routes ? () => false : (path) => path.startsWith("src/routes/");
  const later = keysNamed(appDir, filesReachable(metafile, entryPoint, { lazy: true, skip }), catalogKeys).filter((p) => !fetched(p));
  return [...new Set([...own, ...later])].sort();
}

function buildManifest(metafile) {
  const outputs = metafile.outputs;
  const url = (key) => "/assets/" + relative(assetsDir, resolve(appDir, key)).split("\\").join("/");
  const byEntry = new Map();
  for (const [key, out] of Object.entries(outputs)) if (out.entryPoint) byEntry.set(out.entryPoint, key);

  // Static imports only, transitively: what must be preloaded for the file to run without waterfalls.
  const staticImports = (key, seen = new Set()) => {
    for (const imp of outputs[key].imports) {
      if (imp.kind !== "import-statement" || imp.external || seen.has(imp.path)) continue;
      seen.add(imp.path);
      staticImports(imp.path, seen);
    }
    return seen;
  };
  const describe = (entryPoint, routes) => {
    const key = byEntry.get(entryPoint);
    if (!key) throw new Error(`no output for ${entryPoint}`);
    const out = outputs[key];
    return {
      file: url(key),
      imports: [...staticImports(key)].map(url),
      css: out.cssBundle ? [url(out.cssBundle)] : [],
      // The catalog keys the host sends with the page's payload (the entry's: with every page).
      messages: pageTexts(metafile, entryPoint, { routes }),
    };
  };
  return {
    // The entry lazily imports every route: its texts are those of its code but for the routes'.
    entry: describe("src/client-entry.tsx", false),
    routes: Object.fromEntries(routeIds.map((id) => [id, describe(`src/routes/${id}/route.tsx`, true)])),
  };
}

async function buildLeafletCss() {
  const result = await esbuild.build({
    absWorkingDir: appDir,
    entryPoints: { leaflet: "node_modules/leaflet/dist/leaflet.css" },
    outdir: assetsDir,
    bundle: true,
    minify: true,
    entryNames: "[name]-[hash]",
    assetNames: "[name]-[hash]",
    loader: { ".png": "file", ".svg": "file" },
    logLevel: "warning",
    metafile: true,
  });
  const css = Object.keys(result.metafile.outputs).find((k) => k.endsWith(".css"));
  return "/assets/" + relative(assetsDir, resolve(appDir, css)).split("\\").join("/");
}

/** Every file under static/ (the host serves them at the site root), as URL paths. */
function staticFiles(dir = join(appDir, "..", "static"), base = dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => !d.name.startsWith("."))
    .flatMap((d) => (d.isDirectory() ? staticFiles(join(dir, d.name), base) : ["/" + relative(base, join(dir, d.name)).split("\\").join("/")]));
}

/**
 * Writes client/sw.js: the Workbox worker of src/sw/ with its precache list (the client build's
 * outputs, and static/ but its pictures), the unhashed static files revisioned by their
 * bytes. Its version is the hash of the bundled worker, list included, so any change to what it
 * serves or does changes sw.js, and the runtime caches it names.
 */
async function buildServiceWorker(metafile) {
  // Every chunk and stylesheet of the client build, lazy ones included (checkout steps, the queued
  // orders notice), but the map's: Leaflet (its chunk, stylesheet and pictures) is fetched, and
  // then cached, only where a map is shown.
  const appFiles = Object.entries(metafile.outputs)
    .filter(([key, out]) => !key.endsWith(".map") && !Object.keys(out.inputs).some((i) => i.includes("node_modules/leaflet/")))
    .map(([key]) => "/assets/" + relative(assetsDir, resolve(appDir, key)).split("\\").join("/"));
  // Pictures are cached by the worker as they are first shown: a shopper on a metered plan should
  // not download every product photo up front.
  const statics = staticFiles().filter((f) => !f.startsWith("/img/"));
  const revision = (f) => createHash("sha256").update(readFileSync(join(appDir, "..", "static", f))).digest("hex").slice(0, 12);
  const precache = [
    // Hashed names: the name is the revision.
    ...appFiles.map((url) => ({ url, revision: null })),
    ...statics.map((url) => ({ url, revision: revision(url) })),
  ].sort((a, b) => a.url.localeCompare(b.url));
  const PLACEHOLDER = "__oa_sw_version__";
  const out = await esbuild.build({
    absWorkingDir: appDir,
    entryPoints: ["src/sw/sw.js"],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    platform: "browser",
    logLevel: "warning",
    write: false,
    define: {
      // Workbox's development logging and assertions are left out.
      "process.env.NODE_ENV": '"production"',
      __SW_VERSION__: JSON.stringify(PLACEHOLDER),
      __PRECACHE__: JSON.stringify(precache),
    },
  });
  const code = out.outputFiles[0].text;
  if (!code.includes(PLACEHOLDER)) throw new Error("sw.js: the version placeholder did not survive the build");
  const version = createHash("sha256").update(code).digest("hex").slice(0, 12);
  const bytes = Buffer.from(code.replaceAll(PLACEHOLDER, version));
  writeFileSync(join(outDir, "client", "sw.js"), bytes);
  return { version, files: precache.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** Gzip sizes: the entry with its chunks, and per route what it adds and the page's first-load total. */
function measure(manifest) {
  const gz = (u) => gzipSync(readFileSync(join(assetsDir, u.slice("/assets/".length))), { level: 9 }).length;
  const sum = (list) => list.reduce((n, u) => n + gz(u), 0);
  const files = (m) => [m.file, ...m.imports];
  const entryJs = files(manifest.entry);
  const serverJs = readFileSync(join(outDir, "server.js"));
  return {
    server: { raw: serverJs.length, gzip: gzipSync(serverJs, { level: 9 }).length },
    entry: { js: sum(entryJs), css: sum(manifest.entry.css) },
    routes: Object.fromEntries(
      Object.entries(manifest.routes).map(([id, m]) => [
        id,
        { own: sum(files(m).filter((u) => !entryJs.includes(u))), firstLoad: sum([...new Set([...entryJs, ...files(m)])]) },
      ]),
    ),
  };
}

function printSizes({ server, entry, routes }) {
  const kb = (n) => (n / 1024).toFixed(1) + " KB";
  console.log(`server.js ${kb(server.raw)} (${kb(server.gzip)} gzip)`);
  console.log(`entry JS with its chunks ${kb(entry.js)} gzip; CSS ${kb(entry.css)} gzip`);
  for (const [id, r] of Object.entries(routes)) console.log(`route ${id}: adds ${kb(r.own)} gzip; first-load JS ${kb(r.firstLoad)} gzip`);
}
