// One catalog per language (en.json, es.json). The host sends each page the texts its code uses, in
// the page's language, with the payload (`lang`, `messages`); `messages:` imports declare which
// namespaces a module needs, so the build can list them per route for the host.
import core from "messages:app,meta,modal,nav,notFound,shell,zip,home,shop,lang,fmt";
import { lang, setLang, type Lang } from "./lang";

export type MessageKey = keyof typeof import("./en.json");
export type Vars = Record<string, string | number>;

let catalog: Record<string, string> = { ...core };

/** Adds texts: a module's own (empty except in unit tests) or those of a payload. */
export function addMessages(part: Record<string, string>): void {
  Object.assign(catalog, part);
}

/** Namespaces fetched with `fetchTexts`, and whether a payload's texts have been taken yet. */
const fetched = new Set<string>();
let payloadTaken = false;

/**
 * Texts a module loaded after the page (a lazy chunk) may need where its page's payload does not
 * carry them: the build leaves them out of such pages (app/build.mjs, FETCHED_TEXTS), and the
 * module asks for them as it loads, long before it can show them. Before the first payload is
 * taken nothing is known of what it carries, so the check waits for it. Only in the browser: the
 * server renders from the payload alone.
 */
export function fetchTexts(namespace: string): void {
  if (typeof window === "undefined" || fetched.has(namespace)) return;
  fetched.add(namespace);
  if (payloadTaken) void fetchMissing(namespace);
}

async function fetchMissing(namespace: string): Promise<void> {
  const prefix = `${namespace}.`;
  if (Object.keys(catalog).some((key) => key.startsWith(prefix))) return;
  try {
    const res = await fetch(`/_texts?ns=${encodeURIComponent(namespace)}&lang=${lang()}`, { credentials: "same-origin" });
    if (res.ok) addMessages((await res.json()) as Record<string, string>);
  } catch {
    // Offline and never fetched: whoever shows the texts has its own fallback (refusalText: the
    // server's failureReason, in the request's language).
  }
}

/**
 * Takes the language and texts a payload carries. The server starts each render from them alone
 * (one engine renders pages in every language); the browser adds them to what it has, since a
 * visit stays in one language and the page on screen still needs its own texts.
 */
export function takePayloadTexts(payload: { lang?: Lang; messages?: Record<string, string> }, fresh = false): void {
  // A new object, not every key deleted: deleting makes the catalog a slow dictionary, and the
  // server takes a payload's texts on every render.
  if (fresh) catalog = {};
  setLang(payload.lang ?? "en");
  if (payload.messages) addMessages(payload.messages);
  if (!fresh && !payloadTaken) {
    payloadTaken = true;
    for (const namespace of fetched) void fetchMissing(namespace);
  }
}

/** Looks up a message and fills `{name}` placeholders; unknown placeholders are left visible so they get noticed. */
export function t(key: MessageKey, vars?: Vars): string {
  const text = catalog[key] ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

type PluralBase<K> = K extends `${infer B}.one` ? (`${B}.other` extends MessageKey ? B : never) : never;

/** The CLDR plural category of `count` in the page's language ("one", "few", "many"...). */
function pluralCategory(count: number): string {
  // An engine without Intl (QuickJS, the renderer's fallback) knows one and other only.
  if (typeof Intl === "undefined" || !Intl.PluralRules) return count === 1 ? "one" : "other";
  let rules = pluralRules.get(lang());
  if (!rules) pluralRules.set(lang(), (rules = new Intl.PluralRules(lang())));
  return rules.select(count);
}
const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * Plural: `<base>.<category>` for the count's CLDR category in the page's language (English and
 * Spanish have one and other; Arabic zero, one, two, few, many and other); `{count}` is available.
 */
export function tn(base: PluralBase<MessageKey>, count: number, vars?: Vars): string {
  // A form the catalog lacks (an engine without Intl asks Russian for "other", which whole
  // numbers never take) falls back to the most general one the language has.
  const key = [pluralCategory(count), "other", "many"].map((c) => `${base}.${c}`).find((k) => k in catalog) ?? `${base}.other`;
  return t(key as MessageKey, { ...vars, count });
}

/** A text that not every catalog has (a language's `fmt.*` date words), undefined where missing. */
export function optionalText(key: string): string | undefined {
  return catalog[key];
}

/** `<title>` text for a page other than home. */
export function pageTitle(page: string): string {
  return t("meta.title", { page, app: t("app.title") });
}
