// One catalog per language (en.json; only English so far). The messages every page needs ship with
// the entry; a route adds its screen's namespaces when its chunk loads (`messages:` imports, cut
// from the same catalog at build time), so no page downloads the texts of all the others.
import core from "messages:app,meta,modal,nav,notFound,shell,zip,home,shop";

export type MessageKey = keyof typeof import("./en.json");
export type Vars = Record<string, string | number>;

const catalog: Record<string, string> = { ...core };

/** Adds a route's namespaces; called at the top of its route.tsx. */
export function addMessages(part: Record<string, string>): void {
  Object.assign(catalog, part);
}

/** Looks up a message and fills `{name}` placeholders; unknown placeholders are left visible so they get noticed. */
export function t(key: MessageKey, vars?: Vars): string {
  const text = catalog[key] ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

type PluralBase<K> = K extends `${infer B}.one` ? (`${B}.other` extends MessageKey ? B : never) : never;

/** English plural: `<base>.one` for 1, `<base>.other` otherwise, with `{count}` available. */
export function tn(base: PluralBase<MessageKey>, count: number, vars?: Vars): string {
  const key = (count === 1 ? `${base}.one` : `${base}.other`) as MessageKey;
  return t(key, { ...vars, count });
}

/** `<title>` text for a page other than home. */
export function pageTitle(page: string): string {
  return t("meta.title", { page, app: t("app.title") });
}
