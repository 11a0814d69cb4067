import { useLocation } from "../lib/router";
import { lang, LANGUAGE_LIST, type Lang } from "../i18n/lang";
import { t } from "../i18n/t";

/** This page's address in another language: its stable per-language URL (`?lang=`). */
export function languageUrl(pathname: string, search: string, to: Lang): string {
  const params = new URLSearchParams(search);
  params.set("lang", to);
  return `${pathname}?${params.toString()}`;
}

/**
 * Every language of the registry, each named in itself (someone who cannot read the page's
 * language still finds theirs), all in view rather than behind a menu. Plain links, not router
 * links: the host renders the page again in the chosen language and remembers the choice on the
 * device, with or without JavaScript.
 */
export function LanguageSwitch({ className = "language-switch" }: { className?: string }) {
  const { pathname, search } = useLocation();
  const current = lang();
  return (
    <nav className={className} aria-label={t("lang.label")}>
      <ul>
        {LANGUAGE_LIST.map(({ code, name, dir }) => (
          <li key={code}>
            {code === current ? (
              <span lang={code} dir={dir} aria-current="true">
                {name}
              </span>
            ) : (
              <a href={languageUrl(pathname, search, code)} lang={code} dir={dir} hrefLang={code}>
                {name}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
