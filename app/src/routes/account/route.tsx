import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "../../lib/router";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t } from "../../i18n/t";
import { loginUrl } from "../../lib/api";
import { useData } from "../../lib/useData";
import { logout, restoreSession, sessionStore } from "../../state/session";
import type { Meta } from "../../types";
import { Addresses } from "./Addresses";
import { CalendarFeed } from "./CalendarFeed";
import { Devices } from "./Devices";
import { YourData } from "./YourData";
import { loadProfile } from "../../lib/api/account";
import { deleteAddress, loadAddresses } from "../../lib/api/addresses";
import { fullName, type AccountAddress, type AccountProfile } from "./data";
import messages from "messages:account";
import { PostForm } from "../../ui/PostForm";
import type { AccountPage } from "../../lib/api/pages";

addMessages(messages);

declare const __SERVER__: boolean;
declare function require(path: string): unknown;

// The forms are kept out of the page's first-load JS: the browser fetches them on the first click.
// The server bundle has them in place, so an address that opens one (/account?edit=profile, what
// Edit links to before the app runs) renders it, and hydration waits for its chunk.
const ProfileForm = __SERVER__ ? (require("./ProfileForm") as typeof import("./ProfileForm")).default : lazy(() => import("./ProfileForm"));
const AddressForm = __SERVER__
  ? (require("../../ui/AddressForm") as typeof import("../../ui/AddressForm")).default
  : lazy(() => import("../../ui/AddressForm"));

const LOGIN = loginUrl("/account");

type Mode = { kind: "view" } | { kind: "profile" } | { kind: "address"; address: AccountAddress | null; id?: number };

/** What the address asks for: ?edit=profile, ?edit=address (new) or ?edit=address&id=N. */
function modeOf(search: string): Mode {
  const q = new URLSearchParams(search);
  if (q.get("edit") === "profile") return { kind: "profile" };
  if (q.get("edit") === "address") return { kind: "address", address: null, id: Number(q.get("id")) || undefined };
  return { kind: "view" };
}

/** The address whose Delete awaits its confirming click (?delete=N). */
const confirmingOf = (search: string) => Number(new URLSearchParams(search).get("delete")) || null;

/** host/pages/account.rs: the signed-in shopper's profile and addresses (from the session cookie), else nothing. */
export type AccountData = AccountPage;

/**
 * Account Details (spec §2, §4): profile, read-only messaging preferences, saved addresses, the
 * private calendar feed (issue 54), the devices logged in (issue 53), Log Out.
 * For a signed-in shopper the server renders them (also for a browser without scripts); signed out,
 * the heading and a Log In link. After hydration the screen loads them again through the API.
 */
export default function Account({ data }: { data: AccountData | null }) {
  const navigate = useNavigate();
  // Started: the shopper's data may show (the server's copy, from the session cookie, counts);
  // ready: the stored session has been read, so the API calls carry the token.
  const [started, setStarted] = useState(Boolean(data?.profile));
  const [ready, setReady] = useState(false);
  const loaded = useData(ready ? "/account/profile" : null, loadProfile, data?.profile);
  // The profile form's answer replaces the loaded profile.
  const [saved, setProfile] = useState<AccountProfile | null>(null);
  const profile = saved ?? loaded.data;
  const loadError = loaded.error !== null;
  const addresses = useData(ready ? "/account/addresses" : null, loadAddresses, data?.addresses);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const addressError =
    addresses.error && addresses.error.status !== 401 ? t("account.address.loadError") : deleteFailed ? t("account.address.deleteError") : "";
  const location = useLocation();
  const [mode, setModeState] = useState<Mode>(() => modeOf(location.search));
  // Back to the plain address once the app runs a form itself, so a reload shows what is on screen.
  const setMode = (next: Mode) => {
    setModeState(next);
    if (location.search) navigate("/account", { replace: true });
  };
  // The session is checked once, on arrival: navigate changes with the location, and Log Out's own
  // navigation must not bounce through sign-in.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const deleted = Boolean(data?.deleted);
  useEffect(() => {
    // The route's effects run before the shell's startup: read the stored session first.
    restoreSession();
    // The account was just deleted: this device forgets it all, as on Log Out, and the page says so.
    if (deleted) {
      void logout();
      return;
    }
    if (!sessionStore.get().token) {
      navigateRef.current(LOGIN, { replace: true });
      return;
    }
    setStarted(true);
    setReady(true);
  }, []);

  const signOut = async () => {
    // The session cookie is gone before the next page is asked for, so none renders as the shopper.
    await logout();
    navigate("/");
  };

  const removeAddress = async (a: AccountAddress) => {
    try {
      await deleteAddress(a.id);
      setDeleteFailed(false);
      setMode({ kind: "view" });
      addresses.refetch();
    } catch {
      setDeleteFailed(true);
    }
  };

  const heading = <h1>{t("account.details.title")}</h1>;

  // Server HTML, a browser without scripts, and the moment before the session is read.
  if (!started) {
    return (
      <section className="card account-details">
        {heading}
        {data?.deleted && (
          <p role="status" className="info-box">
            {t("account.delete.done")}
          </p>
        )}
        <p>
          <Link to={LOGIN} className="btn btn-primary">
            {t("account.details.logIn")}
          </Link>
        </p>
      </section>
    );
  }

  if (loadError) {
    return (
      <section className="card account-details">
        {heading}
        <div role="alert" className="error-box">
          <p>
            <strong>{t("account.details.loadErrorTitle")}</strong>
          </p>
          <p>{t("account.details.loadError")}</p>
        </div>
        <p>
          <Link to={LOGIN} className="btn btn-primary">
            {t("account.details.logIn")}
          </Link>
        </p>
      </section>
    );
  }

  if (!profile) {
    return (
      <section className="card account-details" aria-busy="true">
        {heading}
        <p role="status">{t("account.details.loading")}</p>
      </section>
    );
  }

  if (mode.kind === "profile") {
    return (
      <section className="account-details">
        {heading}
        <Suspense fallback={<p role="status">{t("account.details.loading")}</p>}>
          <ProfileForm
            profile={profile}
            onCancel={() => setMode({ kind: "view" })}
            onSaved={(p) => {
              setProfile(p);
              setMode({ kind: "view" });
            }}
          />
        </Suspense>
      </section>
    );
  }

  // ?edit=address&id=N names one of the shopper's addresses; any other number shows the account.
  const address = mode.kind !== "address" ? null : (mode.address ?? addresses.data?.find((a) => a.id === mode.id) ?? null);
  if (mode.kind === "address" && (address || !mode.id)) {
    return (
      <section className="account-details">
        {heading}
        <Suspense fallback={<p role="status">{t("account.details.loading")}</p>}>
          <AddressForm
            key={address?.id ?? "new"}
            className="card account-form"
            address={address}
            defaultZip={profile.postalCode ?? ""}
            onCancel={() => setMode({ kind: "view" })}
            onSaved={() => {
              setMode({ kind: "view" });
              setDeleteFailed(false);
              addresses.refetch();
            }}
          />
        </Suspense>
      </section>
    );
  }

  return (
    <section className="card account-details">
      <div className="account-head">
        {heading}
        {/* Before the app runs, this posts to the page, which drops the session cookie. */}
        <PostForm
          intent="signOut"
          onSubmit={(e) => {
            e.preventDefault();
            void signOut();
          }}
        >
          <button type="submit" className="btn">
            {t("account.details.logout")}
          </button>
        </PostForm>
      </div>
      <dl className="account-facts">
        <dt>{t("account.details.name")}</dt>
        <dd>{fullName(profile)}</dd>
        <dt>{t("account.field.email")}</dt>
        <dd>{profile.eMailAddress}</dd>
        <dt>{t("account.details.zip")}</dt>
        <dd>{profile.postalCode || "-"}</dd>
        <dt>{t("account.field.phone")}</dt>
        <dd>{profile.phoneNumber}</dd>
      </dl>
      <fieldset className="account-prefs">
        <legend>{t("account.field.messaging")}</legend>
        <ReadOnlyCheck checked={profile.isEmailNotificationEnabled === true} label={t("account.field.messaging.email")} />
        <ReadOnlyCheck checked={profile.isTextMessageNotificationEnabled === true} label={t("account.field.messaging.text")} />
        <ReadOnlyCheck checked={profile.isPhoneCallNotificationEnabled === true} label={t("account.field.messaging.phone")} />
      </fieldset>
      <Addresses
        list={addresses.data}
        error={addressError}
        confirming={confirmingOf(location.search)}
        onAdd={() => setMode({ kind: "address", address: null })}
        onEdit={(a) => setMode({ kind: "address", address: a })}
        onDelete={removeAddress}
      />
      {data?.calendarFeed && <CalendarFeed feed={data.calendarFeed} />}
      {data?.devices && <Devices devices={data.devices} />}
      {data?.devices && <YourData />}
      <p className="button-row">
        <Link to="/" className="btn">
          {t("account.details.home")}
        </Link>{" "}
        <Link
          to="/account?edit=profile"
          className="btn btn-primary"
          onClick={(e) => {
            e.preventDefault();
            setMode({ kind: "profile" });
          }}
        >
          {t("account.details.edit")}
        </Link>
      </p>
    </section>
  );
}

/** A checkbox that shows a preference without letting it change here (Edit changes it). */
function ReadOnlyCheck(props: { checked: boolean; label: string }) {
  return (
    <p className="field-check">
      <label>
        {/* Uncontrolled (a disabled box cannot change; `readonly` is not valid on a checkbox), keyed so a
            saved change still shows. */}
        <input key={String(props.checked)} type="checkbox" defaultChecked={props.checked} disabled /> {props.label}
      </label>
    </p>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("account.details.title")), description: t("account.details.description") };
}
