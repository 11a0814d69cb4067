// esbuild plugin for `import part from "messages:ns1,ns2"`. The texts themselves come with each
// page's payload from the host, in the page's language (only the keys the page's code names,
// listed in the asset manifest with `keysNamed`); the import declares which namespaces a module
// needs. With `inline: true` (unit tests, which have no host) the import holds the English
// texts of those namespaces from src/i18n/en.json.
// `checkMessageNamespaces` fails the build when a route uses a namespace it neither registers nor
// gets from the entry, which would otherwise show raw keys in that page.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const PREFIX = "messages:";

export function messagesPlugin(appDir, { inline = false } = {}) {
  const file = join(appDir, "src", "i18n", "en.json");
  return {
    name: "messages",
    setup(build) {
      build.onResolve({ filter: /^messages:/ }, (args) => ({ path: args.path.slice(PREFIX.length), namespace: "messages" }));
      build.onLoad({ filter: /.*/, namespace: "messages" }, (args) => {
        if (!inline) return { contents: "{}", loader: "json" };
        const wanted = new Set(args.path.split(","));
        const all = JSON.parse(readFileSync(file, "utf8"));
        const part = Object.fromEntries(Object.entries(all).filter(([k]) => wanted.has(k.split(".")[0])));
        return { contents: JSON.stringify(part), loader: "json", watchFiles: [file] };
      });
    },
  };
}

const namespacesOf = (importPath) => importPath.slice(PREFIX.length).split(",");

/**
 * The app's own source files a module's code runs: it and what it imports, lazily imported modules
 * too with `lazy`, but for those `skip` names (and what only they import).
 */
export function filesReachable(metafile, start, { lazy = true, skip = () => false } = {}) {
  const inputs = metafile.inputs;
  const seen = new Set([start]);
  const todo = [start];
  while (todo.length) {
    for (const imp of inputs[todo.pop()]?.imports ?? []) {
      if (imp.external || imp.path.startsWith(PREFIX) || (imp.kind === "dynamic-import" && !lazy) || skip(imp.path)) continue;
      if (!seen.has(imp.path)) {
        seen.add(imp.path);
        todo.push(imp.path);
      }
    }
  }
  return [...seen].filter((f) => !f.includes("node_modules") && /\.(tsx?|mjs|js)$/.test(f));
}

/**
 * The catalog keys that source files name, as prefixes (a key goes with a page when it is one of
 * them or starts with one and a dot): every string literal that is a key or a plural's base
 * (`tn("shop.items", n)`), and every template literal's fixed start (`refusal.${code}`: all of
 * `refusal.*`). The app names its keys literally (the MessageKey type makes computed ones the
 * exception, each a template), so this is every key its code can look up.
 */
export function keysNamed(appDir, files, keys) {
  const named = new Set();
  const isPrefix = (p) => keys.some((k) => k === p || k.startsWith(`${p}.`));
  for (const file of files) {
    const src = readFileSync(join(appDir, file), "utf8");
    for (const m of src.matchAll(/["'`]([A-Za-z]+\.[A-Za-z0-9_.]*[A-Za-z0-9_])["'`]/g)) if (isPrefix(m[1])) named.add(m[1]);
    for (const m of src.matchAll(/`([A-Za-z]+\.[A-Za-z0-9_.]*)\$\{/g)) {
      const prefix = m[1].replace(/\.$/, "");
      if (isPrefix(prefix)) named.add(prefix);
    }
  }
  return [...named].sort();
}

/**
 * Module code runs before any render, so a `messages:` import anywhere in a route's static import
 * graph covers every t()/tn() call in that graph; a lazily imported module's graph may add its own
 * namespaces on top of what the route already has. Each route is checked that way, recursively.
 */
export function checkMessageNamespaces(metafile, appDir, routeIds) {
  const inputs = metafile.inputs;
  const isSource = (f) => !f.startsWith(PREFIX) && !f.includes("node_modules") && /\.(tsx?|mjs|js)$/.test(f);
  /** The file and its static imports, transitively, plus the dynamic imports found on the way. */
  const closure = (start) => {
    const files = new Set([start]);
    const lazy = new Set();
    const todo = [start];
    while (todo.length) {
      for (const imp of inputs[todo.pop()]?.imports ?? []) {
        if (imp.external) continue;
        if (imp.kind === "dynamic-import") lazy.add(imp.path);
        else if (!files.has(imp.path)) {
          files.add(imp.path);
          todo.push(imp.path);
        }
      }
    }
    return { files, lazy };
  };
  const registered = (files) =>
    [...files].flatMap((f) => (inputs[f]?.imports ?? []).filter((i) => i.path.startsWith(PREFIX)).flatMap((i) => namespacesOf(i.path)));
  const problems = [];
  const check = (routeId, start, had, seen) => {
    if (seen.has(start)) return;
    seen.add(start);
    const { files, lazy } = closure(start);
    const have = new Set([...had, ...registered(files)]);
    for (const file of files) {
      if (!isSource(file)) continue;
      const src = readFileSync(join(appDir, file), "utf8");
      for (const m of src.matchAll(/\btn?\(\s*"([A-Za-z]+)\./g)) {
        if (!have.has(m[1])) problems.push(`route ${routeId}: ${file} uses "${m[1]}." messages that nothing loaded before it registers (import "messages:${m[1]}" in ${start})`);
      }
    }
    for (const next of lazy) check(routeId, next, have, seen);
  };
  const core = registered(closure("src/client-entry.tsx").files);
  for (const id of routeIds) check(id, `src/routes/${id}/route.tsx`, core, new Set());
  if (problems.length) throw new Error([...new Set(problems)].join("\n"));
}
