import { t, tn, type MessageKey } from "../../i18n/t";
import { refusalText } from "../../lib/refusal";
import type { AccountPage } from "../../lib/api/pages";
import { PostForm, usePostedAmong } from "../../ui/PostForm";

type Device = NonNullable<AccountPage["devices"]>[number];
type Ago = Device["lastSeen"];

/** "Chrome on Android", as far as the browser said. */
function deviceName(d: Device): string {
  if (d.browser && d.system) return t("account.devices.name", { browser: d.browser, system: d.system });
  if (d.browser) return t("account.devices.nameBrowser", { browser: d.browser });
  if (d.system) return t("account.devices.nameSystem", { system: d.system });
  return t("account.devices.nameUnknown");
}

/** How long ago, as the server counted it (relative: a person's devices have no place's zone). */
function agoText(kind: "seen" | "since", ago: Ago): string {
  if (ago.unit === "now") return t(`account.devices.${kind}.now`);
  const count = ago.count ?? 0;
  if (ago.unit === "hours") return tn(kind === "seen" ? "account.devices.seen.hours" : "account.devices.since.hours", count);
  return t(`account.devices.${kind}.${ago.unit}` as MessageKey, { count });
}

/**
 * Where the account is logged in (issue 53 item 2; host/pages/account.rs): each device with when it
 * logged in and was last used, a Log Out for every other one, and Log Out Everywhere. The forms post
 * natively also once the app runs: the answer is this page again (or the home page, logged out),
 * rendered from the server's list.
 */
export function Devices({ devices }: { devices: Device[] }) {
  const posted = usePostedAmong(["endSession", "signOutEverywhere"]);
  const error = posted.failure ? refusalText(posted.failure) || t("account.devices.error") : "";
  return (
    <section className="account-devices" aria-labelledby="account-devices-title">
      <h2 id="account-devices-title">{t("account.devices.title")}</h2>
      <p>{t("account.devices.intro")}</p>
      {error && (
        <p role="alert" className="error-box">
          {error}
        </p>
      )}
      <ul className="address-list">
        {devices.map((d) => (
          <li key={d.id}>
            <p>
              <strong>{deviceName(d)}</strong>
              {d.current && <span className="account-badge">{t("account.devices.current")}</span>}
              <br />
              {agoText("since", d.signedIn)}. {agoText("seen", d.lastSeen)}.
            </p>
            {!d.current && (
              <PostForm intent="endSession" onSubmit={() => undefined}>
                <input type="hidden" name="sessionId" value={d.id} />
                <button type="submit" className="btn" aria-label={t("account.devices.endLabel", { device: deviceName(d) })}>
                  {t("account.devices.end")}
                </button>
              </PostForm>
            )}
          </li>
        ))}
      </ul>
      <PostForm intent="signOutEverywhere" onSubmit={() => undefined}>
        <p id="account-devices-everywhere">{t("account.devices.everywhereNote")}</p>
        <button type="submit" className="btn" aria-describedby="account-devices-everywhere">
          {t("account.devices.everywhere")}
        </button>
      </PostForm>
    </section>
  );
}
