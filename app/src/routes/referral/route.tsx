import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "../../lib/router";
import { Link } from "../../ui/Link";
import type { FoodBank } from "../../entities";
import { addMessages, pageTitle, t } from "../../i18n/t";
import { loginUrl } from "../../lib/api";
import { claimReferralCodes } from "../../lib/api/referrals";
import { restoreSession, sessionStore, useLoggedIn } from "../../state/session";
import { read, write } from "../../state/storage";
import type { Meta } from "../../types";
import { Modal } from "../../ui/Modal";
import { addressLine, type Pantry } from "../../lib/pantries";
import messages from "messages:referral";
import type { ReferralPage } from "../../lib/api/pages";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { useHydrated } from "../../ui/useHydrated";

addMessages(messages);

const DeliveryWindows = lazy(() => import("./DeliveryWindows"));

/** Spec §9: Referral Code Accepted shows this long before the page continues. */
const REFERRAL_ACCEPTED_MS = 1500;

type ReferralCode = NonNullable<ReferralPage["referral"]>;

export type ReferralData = ReferralPage;

/** Referral landing (spec §2, §4, §8): the code form, the load failure, or what the code unlocks. */
export default function Referral({ data }: { data: ReferralData | null }) {
  if (!data?.code) return <CodeForm />;
  if (!data.referral) return <LoadFailed reason={data.failureReason} />;
  return <Unlocked key={data.code} code={data.code} referral={data.referral} claimed={data.claimed === true} />;
}

/** Without JavaScript the GET form arrives as /referral?code=…, which the server loads the same way. */
function CodeForm() {
  const navigate = useNavigate();
  const inputId = useId();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const c = code.trim();
    if (!c || busy) return;
    setBusy(true);
    navigate(`/referral/${encodeURIComponent(c)}`);
  };
  return (
    <section className="card account-form">
      <h1>{t("referral.title")}</h1>
      <form method="get" action="/referral" onSubmit={submit}>
        <p>{t("referral.intro")}</p>
        <p className="field">
          <label htmlFor={inputId}>{t("referral.code")}</label>
          <input id={inputId} name="code" required autoComplete="off" value={code} onChange={(e) => setCode(e.target.value)} />
        </p>
        <p>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t("referral.loading") : t("referral.submit")}
          </button>
        </p>
      </form>
    </section>
  );
}

function LoadFailed({ reason }: { reason?: string | null }) {
  return (
    <section className="card account-form">
      <h1>{t("referral.title")}</h1>
      <p role="alert" className="error-box">
        {reason || t("referral.loadError")}
      </p>
      <p>{t("referral.logInPrompt")}</p>
      <p className="button-row">
        <Link to="/account/login" className="btn btn-primary">
          {t("referral.logIn")}
        </Link>{" "}
        <Link to="/" className="btn">
          {t("referral.goHome")}
        </Link>
      </p>
    </section>
  );
}

/** Signed in, the code is claimed for the account; signed out, it is kept on the device and claimed at sign-in. */
async function keepCode(code: string): Promise<void> {
  if (sessionStore.get().token) {
    const [claim] = await claimReferralCodes([code]);
    if (!claim?.isAppliedSuccessfully) throw new Error("not applied");
    return;
  }
  const held = read("referralCodes") ?? [];
  if (!held.includes(code)) write("referralCodes", [...held, code]);
}

type Claim = "pending" | "accepted" | "error";
type Open = "none" | "start" | "delivery";

/**
 * The code's pickup sites (links to their pages, where a time is picked) are in the server HTML.
 * After hydration the code is kept, Referral Code Accepted shows for 1.5 s, then the page goes on:
 * to the delivery windows when delivery is all the code offers, or to Let's start your order when
 * it offers both, since only then is there a choice to make.
 */
function Unlocked({ code, referral, claimed }: { code: string; referral: ReferralCode; claimed: boolean }) {
  const navigate = useNavigate();
  const loggedIn = useLoggedIn();
  const hydrated = useHydrated();
  // Claimed (or refused) by the form below, posted before the app started.
  const posted = usePostedForm();
  const sitesRef = useRef<HTMLHeadingElement>(null);
  const [claim, setClaim] = useState<Claim>("pending");
  const [continued, setContinued] = useState(false);
  const [open, setOpen] = useState<Open>("none");
  const sites = referral.referralCodePantryLocations.map((l) => l.pantryLocation);
  const delivery = referral.referralCodeFoodBanks.find((f) => f.isDeliveryEnabled)?.foodBank ?? null;

  useEffect(() => {
    // The route's effects run before the shell's startup: read the stored session first.
    restoreSession();
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    keepCode(code).then(
      () => {
        if (!live) return;
        setClaim("accepted");
        timer = setTimeout(() => {
          setContinued(true);
          if (delivery) setOpen(sites.length > 0 ? "start" : "delivery");
        }, REFERRAL_ACCEPTED_MS);
      },
      () => live && setClaim("error"),
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // Once per code: the data of one code does not change while the page shows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);

  // Pickup: the sites take the focus, after the closing modal has handed it back to its opener.
  const [toSites, setToSites] = useState(false);
  useEffect(() => {
    if (toSites && open === "none") sitesRef.current?.focus();
  }, [toSites, open]);
  const pickup = () => {
    setToSites(true);
    setOpen("none");
  };

  return (
    <section className="card referral">
      <h1>{t("referral.codeTitle", { code: referral.code })}</h1>
      {((claim === "accepted" && !continued) || (claimed && !hydrated)) && <p role="status">{t("referral.accepted")}</p>}
      {(claim === "error" || (posted.failure && !hydrated)) && (
        <p role="alert" className="error-box">
          {t("referral.claimError")}
        </p>
      )}
      {!hydrated && !claimed && (
        // Without JavaScript: the code goes on the account by this form (the app claims it by itself).
        <PostForm onSubmit={(e) => e.preventDefault()}>
          <p>
            <button type="submit" className="btn btn-primary">
              {t("referral.claim")}
            </button>
          </p>
        </PostForm>
      )}
      {sites.length > 0 && (
        <>
          <h2 ref={sitesRef} tabIndex={-1}>
            {t("referral.sites")}
          </h2>
          <p>{t("referral.sitesIntro")}</p>
          <ul className="referral-sites">
            {sites.map((p) => (
              <li key={p.id}>
                <Link to={`/pantries/${p.id}`}>{p.label}</Link>
                {p.isRestricted && <span className="badge"> ({t("referral.restricted")})</span>}
                <br />
                {addressLine(p)}
              </li>
            ))}
          </ul>
        </>
      )}
      {delivery && (
        <>
          <h2>{t("referral.delivery")}</h2>
          <p>{t("referral.deliveryIntro", { foodBank: delivery.name ?? "" })}</p>
          {continued && (
            <button type="button" className="btn btn-primary" onClick={() => setOpen("delivery")}>
              {t("referral.chooseWindow")}
            </button>
          )}
        </>
      )}
      {open === "start" && (
        <Modal
          title={t("referral.start.title")}
          onClose={() => setOpen("none")}
          actions={
            <>
              <button type="button" className="btn btn-primary" onClick={() => setOpen("delivery")}>
                {t("referral.start.delivery")}
              </button>
              <button type="button" className="btn" onClick={pickup}>
                {t("referral.start.pickup")}
              </button>
              {!loggedIn && (
                <button type="button" className="btn" onClick={() => navigate(loginUrl(`/referral/${encodeURIComponent(code)}`))}>
                  {t("referral.start.signIn")}
                </button>
              )}
            </>
          }
        >
          <p>{t("referral.deliveryIntro", { foodBank: delivery?.name ?? "" })}</p>
        </Modal>
      )}
      {open === "delivery" && delivery && (
        <Suspense fallback={null}>
          <DeliveryWindows foodBank={delivery} onClose={() => setOpen("none")} />
        </Suspense>
      )}
    </section>
  );
}

export function meta(data: ReferralData | null): Meta {
  const title = data?.referral ? t("referral.codeTitle", { code: data.referral.code }) : t("referral.title");
  return { title: pageTitle(title), description: t("referral.description") };
}
