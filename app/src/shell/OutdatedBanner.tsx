import { useEffect, useState } from "react";
import { useLocation } from "../lib/router";
import { t } from "../i18n/t";
import { newSiteUrl } from "../lib/outdated";
import { useConfig } from "./page-data";

/**
 * Outdated-address banner (spec §2): shown on the app's old hosts (host configuration), linking to
 * this route on the new one.
 */
export function OutdatedBanner() {
  const { pathname, search, hash } = useLocation();
  const { oldHosts, newOrigin } = useConfig();
  // The server renders for every host alike; the browser knows which one it is on.
  const [hostname, setHostname] = useState<string | null>(null);
  useEffect(() => setHostname(window.location.hostname), []);

  const href = hostname === null ? null : newSiteUrl(hostname, pathname + search + hash, oldHosts, newOrigin);
  if (!href) return null;
  return (
    <div className="banner banner-outdated">
      <p>
        <a href={href}>{t("shell.outdated")}</a>
      </p>
      <p>{t("shell.outdated.reinstall", { app: t("app.title") })}</p>
    </div>
  );
}
