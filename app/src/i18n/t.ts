import en from "./en.json";

export type MessageKey = keyof typeof en;
export type Vars = Record<string, string | number>;

// One catalog per language; only English exists so far, so it is bundled directly.
const catalog: Record<string, string> = en;

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
