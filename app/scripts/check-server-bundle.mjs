#!/usr/bin/env node
// Proves the server bundle runs where the Rust host runs it: QuickJS-NG without Intl, URL,
// URLSearchParams, TextEncoder, timers, console, window or document. Every route the bundle knows
// is rendered twice over: in a V8 context stripped to plain ECMAScript (clear error messages), then in
// QuickJS-NG itself (WebAssembly build, evaluated as a module as the host does), and the two outputs
// must be identical.
// Usage: node scripts/check-server-bundle.mjs <server.js>   (build.mjs runs it after every build)
import variant from "@jitl/quickjs-ng-wasmfile-release-sync";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { newQuickJSWASMModuleFromVariant } from "quickjs-emscripten-core";

const appDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const catalogs = Object.fromEntries(["en", "es"].map((l) => [l, JSON.parse(readFileSync(join(appDir, "src", "i18n", `${l}.json`), "utf8"))]));
const MISSING_IN_QUICKJS = [
  "URL", "URLSearchParams", "TextEncoder", "TextDecoder", "setTimeout", "setInterval",
  "MessageChannel", "console", "window", "document", "process", "Intl",
];

/** Per-route sample pages: src/routes/<id>/samples.json = [{ url, status?, data, expect? }], optional. */
function samplesFor(id) {
  const file = join(appDir, "src", "routes", id, "samples.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  return [{ url: id === "home" ? "/" : `/${id}`, data: null }];
}

// Minified bundles put everything on a few huge lines: show the message and frames, not the source line.
function brief(e) {
  return e && e.stack ? e.stack.split("\n").filter((l) => /^\w*Error|^\s+at /.test(l)).slice(0, 6).join("\n") : String(e);
}

function fail(msg) {
  throw new Error(`server bundle check: ${msg}`);
}

/** Evaluates server.js in a V8 context stripped to plain ECMAScript, as QuickJS has it, and returns its SSR object. */
export function loadServerBundle(file) {
  const context = vm.createContext({});
  // V8 gives every context Intl, WebAssembly and an inspector console; QuickJS (as the host sets it up) has none.
  vm.runInContext("delete globalThis.Intl; delete globalThis.WebAssembly; delete globalThis.console;", context);
  const present = vm.runInContext(`${JSON.stringify(MISSING_IN_QUICKJS)}.filter((n) => typeof globalThis[n] !== "undefined")`, context);
  if (present.length) fail(`V8 test context is not bare: ${present.join(", ")}`);
  try {
    vm.runInContext(readFileSync(file, "utf8"), context, { filename: file });
  } catch (e) {
    fail(`module init needs something QuickJS lacks: ${brief(e)}`);
  }
  const ssr = context.SSR;
  if (!ssr || typeof ssr.render !== "function") fail("globalThis.SSR.render is missing");
  return ssr;
}

/** Runs `payloads` through SSR.render inside QuickJS-NG; returns [{ok: {html,title,description}} | {err}]. */
async function renderInQuickJS(file, payloads) {
  const QuickJS = await newQuickJSWASMModuleFromVariant(variant);
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(256 << 20);
  runtime.setMaxStackSize(4 << 20);
  const ctx = runtime.newContext();
  try {
    const evalOrFail = (code, what, options) => {
      const r = ctx.evalCode(code, what, options);
      if (r.error) {
        const err = ctx.dump(r.error);
        r.error.dispose();
        fail(`QuickJS-NG: ${what}: ${err && err.message ? `${err.name}: ${err.message}\n${err.stack ?? ""}` : JSON.stringify(err)}`);
      }
      const value = ctx.dump(r.value);
      r.value.dispose();
      return value;
    };
    const present = evalOrFail(`JSON.stringify(${JSON.stringify(MISSING_IN_QUICKJS)}.filter((n) => typeof globalThis[n] !== "undefined"))`, "globals");
    if (JSON.parse(present).length) fail(`QuickJS-NG context is not bare: ${present}`);
    // As the host does: the bundle evaluated as a module, its footer publishing globalThis.SSR.
    evalOrFail(readFileSync(file, "utf8"), "server.js", { type: "module" });
    runtime.executePendingJobs();
    const out = evalOrFail(
      `JSON.stringify(${JSON.stringify(payloads)}.map((p) => {
        try { const r = SSR.render(p); return { ok: { html: r.html, title: r.title, description: r.description } }; }
        catch (e) { return { err: String(e) + "\\n" + (e && e.stack || "") }; }
      }))`,
      "renders",
    );
    return JSON.parse(out);
  } finally {
    ctx.dispose();
    runtime.dispose();
  }
}

export async function checkServerBundle(file, expectedRouteIds) {
  const ssr = loadServerBundle(file);
  const ids = [...ssr.routeIds];
  if (expectedRouteIds && ids.join() !== [...expectedRouteIds].join()) fail(`routeIds ${ids} != ${expectedRouteIds}`);

  const cases = [];
  for (const id of ids) {
    for (const sample of samplesFor(id)) {
      const payload = JSON.stringify({
        route: id,
        status: sample.status ?? (id === "not-found" ? 404 : 200),
        url: sample.url,
        data: sample.data ?? null,
        config: { tileUrl: "https://tiles.example/{z}/{x}/{y}.png", oldHosts: [], newOrigin: "", tefapTesting: false },
        // The host sends only the page's namespaces; the whole catalog is a superset of those.
        lang: "en",
        messages: catalogs.en,
      });
      const what = `render of ${id} ${sample.url}`;
      let out;
      try {
        out = ssr.render(payload);
      } catch (e) {
        fail(`${what} failed: ${brief(e)}`);
      }
      for (const k of ["html", "title", "description"]) {
        if (typeof out[k] !== "string" || !out[k]) fail(`${what}: ${k} is not a non-empty string`);
      }
      // The host renders many pages in one context: output must not depend on earlier renders.
      if (ssr.render(payload).html !== out.html) fail(`${what} is not repeatable`);
      for (const text of sample.expect ?? []) {
        if (!out.html.includes(text)) fail(`${what} lacks ${JSON.stringify(text)}`);
      }
      cases.push({ what, payload, out });
    }
  }
  // A Spanish page after English ones: the texts and formats follow each payload, nothing leaks.
  const home = cases.find((c) => c.what.startsWith("render of home "));
  if (home) {
    const spanish = JSON.stringify({ ...JSON.parse(home.payload), lang: "es", messages: catalogs.es });
    const out = ssr.render(spanish);
    if (!out.html.includes(catalogs.es["app.tagline"])) fail("a Spanish render lacks the Spanish tagline");
    if (out.html.includes(catalogs.en["app.tagline"])) fail("a Spanish render shows the English tagline");
    if (ssr.render(home.payload).html !== home.out.html) fail("an English render after a Spanish one differs");
    cases.push({ what: "render of home in Spanish", payload: spanish, out });
  }
  let threw = false;
  try {
    ssr.render(JSON.stringify({ route: "no-such-route", status: 200, url: "/", data: null, config: { tileUrl: "" } }));
  } catch {
    threw = true;
  }
  if (!threw) fail("an unknown route id must throw");

  const qjs = await renderInQuickJS(file, cases.map((c) => c.payload));
  cases.forEach((c, i) => {
    const r = qjs[i];
    if (r.err) fail(`QuickJS-NG: ${c.what} failed: ${r.err}`);
    for (const k of ["html", "title", "description"]) {
      if (r.ok[k] !== c.out[k]) fail(`QuickJS-NG: ${c.what}: ${k} differs from V8's`);
    }
  });
  return { routeIds: ids, renders: cases.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: node scripts/check-server-bundle.mjs <server.js>");
    process.exit(2);
  }
  const { routeIds, renders } = await checkServerBundle(file);
  console.log(`server bundle OK in V8 (bare) and QuickJS-NG: ${renders} renders of ${routeIds.join(", ")}`);
}
