#!/usr/bin/env node
// `npm test`: Node 20 cannot import TypeScript, so the modules under test are bundled with esbuild
// into dist/test-lib/ first; the tests in ../tests/js/*.test.mjs import those copies.
import * as esbuild from "esbuild";
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { messagesPlugin } from "./messages-plugin.mjs";
import { generateApiTypes } from "./gen-api-types.mjs";

const appDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const testsDir = join(appDir, "..", "tests", "js");

// The forms' generated field rules, which lib/forms.ts is tested against.
await generateApiTypes();

// `splitting`: a module that several entries import (lang.ts: format.ts reads it, tests set it) goes
// into one shared chunk, so there is one instance of it as in the app, and setLang() from the `lang`
// entry is the language format.ts (and any other module) sees.
await esbuild.build({
  absWorkingDir: appDir,
  entryPoints: {
    format: "src/lib/format.ts",
    lang: "src/i18n/lang.ts",
    "url-shim": "src/server/url-shim.ts",
    i18n: "src/i18n/t.ts",
    outdated: "src/lib/outdated.ts",
    eligibility: "src/routes/eligibility/flow.ts",
    forms: "src/lib/forms.ts",
    profile: "src/lib/profile.ts",
    "form-rules": "src/lib/api/form-rules.gen.ts",
  },
  outdir: "dist/test-lib",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "neutral",
  target: "es2020",
  logLevel: "warning",
  plugins: [messagesPlugin(appDir, { inline: true })],
});

// The client state modules, as one bundle so they share one storage and one store each; they pull
// in React (useSyncExternalStore), which needs Node's package resolution.
await esbuild.build({
  absWorkingDir: appDir,
  stdin: {
    contents: ["storage", "cart", "session", "app", "connectivity"].map((m) => `export * as ${m} from "./src/state/${m}";`).join("\n"),
    resolveDir: appDir,
    loader: "ts",
  },
  outfile: "dist/test-lib/state.mjs",
  bundle: true,
  format: "esm",
  platform: "node",
  target: "es2020",
  logLevel: "warning",
  define: { "process.env.NODE_ENV": '"production"' },
  plugins: [messagesPlugin(appDir, { inline: true })],
});

// The data hook's state transitions (src/lib/useData.ts), with the ApiFailure class they produce,
// and the wording of refusals (src/lib/refusal.ts) and limits (src/lib/limits.ts) with the catalog
// they read.
await esbuild.build({
  absWorkingDir: appDir,
  stdin: {
    contents: [
      'export * from "./src/lib/useData";',
      'export { ApiFailure } from "./src/lib/api";',
      'export { refusalText } from "./src/lib/refusal";',
      'export { limitText } from "./src/lib/limits";',
      'export { addMessages } from "./src/i18n/t";',
    ].join("\n"),
    resolveDir: appDir,
    loader: "ts",
  },
  outfile: "dist/test-lib/data.mjs",
  bundle: true,
  format: "esm",
  platform: "node",
  target: "es2020",
  logLevel: "warning",
  define: { "process.env.NODE_ENV": '"production"' },
  plugins: [messagesPlugin(appDir, { inline: true })],
});

const files = readdirSync(testsDir).filter((f) => f.endsWith(".test.mjs")).map((f) => join(testsDir, f));
const run = spawnSync(process.execPath, ["--test", ...files], { stdio: "inherit" });
process.exit(run.status ?? 1);
