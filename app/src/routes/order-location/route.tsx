import { lazy, Suspense, useState } from "react";
import { useNavigate } from "../../lib/router";
import { Link } from "../../ui/Link";
import type { PantryLocation, PickupTime } from "../../entities";
import { addMessages, pageTitle, t } from "../../i18n/t";
import { canUsePantry } from "../../lib/access";
import { useData } from "../../lib/useData";
import { loadPantry, searchPantries } from "../../lib/api/locations";
import { changeLocation, loadOrder } from "../../lib/api/orders";
import { formatDay } from "../../lib/format";
import { validOrderId, type Order } from "../../lib/orders";
import { useLoggedIn } from "../../state/session";
import type { Meta } from "../../types";
import { SignInPrompt } from "../../ui/SignInPrompt";
import { pickupTimeLabel } from "../../lib/time-labels";
import { PickupTimeModal } from "../../ui/TimePickers";
import messages from "messages:orders";
import { refusalText } from "../../lib/refusal";
import type { OrderLocationPage } from "../../lib/api/pages";

addMessages(messages);

const ReferralModal = lazy(() => import("../../ui/ReferralModal"));

/** host/pages/orders.rs: the order to move. */
export type OrderLocationData = OrderLocationPage;

type Pantry = PantryLocation;

/** Spec §9's widest search: the food bank's pantries around the order's current one. */
const RADIUS_MILES = 20 as const;

/**
 * /account/orders/{orderId}/location (spec §2, §4 "Change Location for order"): the pantries of the
 * order's food bank, a pantry and a time, referral access for a restricted pantry, then the update;
 * the server moves the stock and re-checks every rule.
 */
export default function OrderLocation({ data }: { data: OrderLocationData | null }) {
  const id = validOrderId(data?.orderId);
  const loggedIn = useLoggedIn();
  const order = useData(loggedIn && id ? `/orders/${id}` : null, () => loadOrder(Number(id)));
  const o = order.data;
  const movable = o && o.canChangeOrCancel && o.pantryLocationID ? o : null;
  const current = useData(movable ? `/locations/${movable.pantryLocationID}` : null, () => loadPantry(movable!.pantryLocationID!));
  const here = current.data;
  const near =
    movable && here?.address.latitude != null && here.address.longitude != null
      ? { lat: here.address.latitude, lng: here.address.longitude, radiusMiles: RADIUS_MILES, foodBankId: movable.foodBankID }
      : null;
  const pantries = useData(near && `/locations?lat=${near.lat}&lng=${near.lng}&foodBankId=${near.foodBankId}`, () => searchPantries(near!));
  const back = id ? `/account/orders/${id}` : "/account/orders";

  let body;
  if (!id || order.error?.status === 404) {
    body = <p>{t("notFound.title")}</p>;
  } else if (!loggedIn) {
    body = <SignInPrompt text={t("orders.signedOut")} action={t("orders.logIn")} returnTo={`${back}/location`} />;
  } else if (order.error) {
    body = <Failure text={refusalText(order.error) || t("orders.location.loadError")} retry={order.refetch} />;
  } else if (!o) {
    body = <Loading text={t("orders.detail.loading")} />;
  } else if (!movable) {
    body = <p className="info-box">{t("orders.cannotChange")}</p>;
  } else if (current.error || pantries.error) {
    body = <Failure text={t("orders.location.pantryError")} retry={current.error ? current.refetch : pantries.refetch} />;
  } else if (!pantries.data) {
    body = <Loading text={t("orders.location.loading")} />;
  } else {
    body = <Choose order={movable} pantries={pantries.data} />;
  }

  return (
    <section className="card order-location">
      <h1>{t("orders.location.title")}</h1>
      {body}
      <p>
        <Link to={back}>{t("orders.location.back")}</Link>
      </p>
    </section>
  );
}

function Choose({ order, pantries }: { order: Order; pantries: Pantry[] }) {
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<Pantry | null>(null);
  const [step, setStep] = useState<"list" | "referral" | "time">("list");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const open = pantries.filter((p) => p.pantryLocationPickupTimes?.length);

  const choose = async (p: Pantry) => {
    setError("");
    setChosen(p);
    try {
      // A pre-check only: the server refuses a pantry the shopper may not use.
      setStep((await canUsePantry(p)) ? "time" : "referral");
    } catch {
      setError(t("orders.location.pantryError"));
    }
  };

  const update = async (time: PickupTime) => {
    if (!chosen) return;
    setBusy(true);
    setError("");
    try {
      await changeLocation(order.id, chosen.id, time.id);
      navigate(`/account/orders/${order.id}`);
    } catch (e) {
      setStep("list");
      setError(refusalText(e) || t("orders.location.updateError"));
      setBusy(false);
    }
  };

  if (open.length === 0) return <p>{t("orders.location.none")}</p>;
  return (
    <>
      <p>{t("orders.location.choose")}</p>
      {error && (
        <p role="alert" className="error-box">
          {error}
        </p>
      )}
      {busy && <Loading text={t("orders.location.updating")} />}
      <ul className="pantry-choices">
        {open.map((p) => {
          const next = p.pantryLocationPickupTimes![0];
          return (
            <li key={p.id}>
              <h2>
                {p.label} {p.id === order.pantryLocationID && <span className="tag">{t("orders.location.current")}</span>}
              </h2>
              <p>
                <bdi>
                  {p.address.addressLine1}, {p.address.city}
                </bdi>
                {p.isRestricted && <> · {t("orders.location.restricted")}</>}
              </p>
              <p>{t("orders.location.nextTime", { day: formatDay(next.pickupDay), time: pickupTimeLabel(next) })}</p>
              <button type="button" className="btn" disabled={busy} aria-label={t("orders.location.selectAt", { pantry: p.label })} onClick={() => void choose(p)}>
                {t("times.selectTime")}
              </button>
            </li>
          );
        })}
      </ul>
      {chosen && step === "time" && (
        <PickupTimeModal times={chosen.pantryLocationPickupTimes ?? []} busy={busy} onClose={() => setStep("list")} onPick={(time) => void update(time)} />
      )}
      {chosen && step === "referral" && (
        <Suspense fallback={null}>
          <ReferralModal pantry={chosen} onClose={() => setStep("list")} onAccepted={() => setStep("time")} />
        </Suspense>
      )}
    </>
  );
}

function Loading({ text }: { text: string }) {
  return (
    <p role="status">
      <span className="spinner" aria-hidden="true" /> {text}
    </p>
  );
}

function Failure({ text, retry }: { text: string; retry: () => void }) {
  return (
    <div role="alert" className="error-box">
      <p>{text}</p>
      <button type="button" className="btn" onClick={retry}>
        {t("orders.retry")}
      </button>
    </div>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("orders.location.title")), description: t("orders.location.description") };
}
