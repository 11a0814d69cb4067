import { Suspense, lazy, useCallback, useEffect, useRef, useState, type ComponentType } from "react";
import { useNavigate } from "../../lib/router";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, type MessageKey } from "../../i18n/t";
import { loginUrl } from "../../lib/api";
import { useOffline } from "../../state/app";
import { restoreCart } from "../../state/cart";
import { restoreSelection, selectionStore } from "../../state/selection";
import { restoreSession, sessionStore } from "../../state/session";
import type { Meta } from "../../types";
import { Busy } from "../../ui/Busy";
import type { StepProps } from "./step";
import messages from "messages:account,checkout";
import type { CheckoutPage } from "../../lib/api/pages";

addMessages(messages);

export type CheckoutData = CheckoutPage;

// One chunk for all steps, fetched as soon as the page hydrates (see steps.ts).
const loadSteps = () => import("./steps");
const step = <K extends keyof Awaited<ReturnType<typeof loadSteps>>>(name: K) =>
  lazy(async () => ({ default: (await loadSteps())[name] as ComponentType<any> }));
const ReferralStep = step("ReferralStep");
const LimitsStep = step("LimitsStep");
const EligibilityStep = step("EligibilityStep");
const SurveyStep = step("SurveyStep");
const InventoryStep = step("InventoryStep");
const PickupStep = step("PickupStep");
const AddressStep = step("AddressStep");
const DeliveryStep = step("DeliveryStep");
const ConfirmStep = step("ConfirmStep");

// Spec §2: the indicator's four labels, and which label each step of the flow belongs to.
const GROUPS: MessageKey[] = ["checkout.step.login", "checkout.step.eligibility", "checkout.step.survey", "checkout.step.confirmation"];
// `name` is the step's URL segment (/cart/schedulepickup/{step}): it says where the shopper is,
// e.g. in a shared screenshot or an error report; entering at a step still starts at the first.
const FLOW: { name: string; group: number; Step: ComponentType<StepProps> | null }[] = [
  { name: "login", group: 0, Step: null }, // login check, in the controller: it leaves the page
  { name: "referral", group: 1, Step: ReferralStep },
  { name: "limits", group: 1, Step: LimitsStep },
  { name: "eligibility", group: 1, Step: EligibilityStep },
  { name: "survey", group: 2, Step: SurveyStep },
  { name: "inventory", group: 3, Step: InventoryStep },
  { name: "pickup", group: 3, Step: PickupStep },
  { name: "address", group: 3, Step: AddressStep },
  { name: "delivery", group: 3, Step: DeliveryStep },
  { name: "confirmation", group: 3, Step: null }, // confirmation and submission
];
const LAST = FLOW.length - 1;

/** Idempotency-Key for this checkout attempt; crypto.randomUUID needs a secure context. */
function newKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

/** /cart/schedulepickup/{step?} (spec §2 Checkout): the steps run one way, each after the last. */
export default function Checkout() {
  const navigate = useNavigate();
  const offline = useOffline();
  const [index, setIndex] = useState(-1); // -1 until the device's state is restored (after hydration)
  const key = useRef<string | null>(null);

  useEffect(() => {
    // The route's effects run before the shell's startup: restore what the flow reads first.
    restoreSession();
    restoreCart();
    restoreSelection();
    const sel = selectionStore.get();
    if (!sel.pantry && !sel.deliveryTime) return void navigate("/", { replace: true });
    if (!sessionStore.get().token) return void navigate(loginUrl(location.pathname), { replace: true });
    void loadSteps();
    key.current = newKey();
    setIndex(1);
    // Once per visit: navigate changes with the location, and this page stays mounted while the
    // next page's data loads, so re-running would redirect again from the login page's URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const done = useCallback(() => setIndex((i) => Math.min(i + 1, LAST)), []);
  // The one way back (spec §2 runs one way): Place Order refused for unanswered questions. The
  // flow runs on from that step, so the checks after it see the answers too.
  const redo = useCallback((name: string) => setIndex(FLOW.findIndex((s) => s.name === name)), []);

  useEffect(() => {
    if (index < 1) return;
    // Not a router navigation: that would reload the page's data and restart the flow.
    window.history.replaceState(window.history.state, "", `/cart/schedulepickup/${FLOW[index].name}`);
  }, [index]);

  // The steps before the last ask the server; Place Order itself is kept and sent once online.
  if (offline && index !== LAST) {
    return (
      <section className="card checkout">
        <h1>{t("checkout.disabled")}</h1>
        <p role="alert">{t("shell.offline")}</p>
        <Link to="/cart">{t("checkout.reviewCart")}</Link>
      </section>
    );
  }

  const current = index < 0 ? 0 : FLOW[index].group;
  const Step = index > 0 ? FLOW[index].Step : null;
  return (
    <section className="card checkout">
      <h1>{t("checkout.title")}</h1>
      <ol className="steps" aria-label={t("checkout.steps")}>
        {GROUPS.map((g, i) => (
          <li key={g} aria-current={i === current ? "step" : undefined} className={i < current ? "done" : i === current ? "current" : ""}>
            {t(g)}
          </li>
        ))}
      </ol>
      {index < 0 ? (
        <>
          <Busy text={t("shell.loading")} />
          <noscript>
            <Link to="/cart">{t("checkout.reviewCart")}</Link>
          </noscript>
        </>
      ) : (
        <Suspense fallback={<Busy text={t("shell.loading")} />}>
          {Step ? (
            // Keyed so each step starts fresh, even when two in a row share a component.
            <Step key={index} done={done} />
          ) : (
            <ConfirmStep idempotencyKey={key.current!} onDue={redo} />
          )}
        </Suspense>
      )}
    </section>
  );
}

export function topBarTitle(): string {
  return t("checkout.title");
}

export function meta(): Meta {
  return { title: pageTitle(t("checkout.title")), description: t("checkout.title") };
}
