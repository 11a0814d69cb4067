import { useLocation } from "../lib/router";
import { lang, LANGUAGES, type Lang } from "../i18n/lang";
import { t, type MessageKey } from "../i18n/t";

const NAMES: Record<Lang, MessageKey> = { en: "lang.en", es: "lang.es" };

/** This page's address in another language: its stable per-language URL (`?lang=`). */
export function languageUrl(pathname: string, search: string, to: Lang): string {
  const params = new URLSearchParams(search);
  params.set("lang", to);
  return `${pathname}?${params.toString()}`;
}

/**
 * English / Español. Plain links, not router links: the host renders the page again in the chosen
 * language and remembers the choice on the device, with or without JavaScript.
 */
export function LanguageSwitch({ className = "language-switch" }: { className?: string }) {
  const { pathname, search } = useLocation();
  const current = lang();
  return (
    <div role="group" className={className} aria-label={t("lang.label")}>
      {LANGUAGES.map((code) =>
        code === current ? (
          <span key={code} lang={code} aria-current="true">
            {t(NAMES[code])}
          </span>
        ) : (
          <a key={code} href={languageUrl(pathname, search, code)} lang={code} hrefLang={code}>
            {t(NAMES[code])}
          </a>
        ),
      )}
    </div>
  );
}
