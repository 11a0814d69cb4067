// Switch to Delivery (spec §4): with delivery enabled in the profile, the delivery-window picker of
// the first such food bank; otherwise a referral code first. Signed out, sign-in comes first.
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "../lib/router";
import { Link } from "./Link";
import type { DeliveryTime } from "../entities";
import { addMessages, t } from "../i18n/t";
import { ApiFailure, loginUrl } from "../lib/api";
import { loadProfile } from "../lib/api/account";
import { loadDeliveryTimes } from "../lib/api/foodbanks";
import { claimReferralCodes } from "../lib/api/referrals";
import { cartStore, clearCart } from "../state/cart";
import { selectDelivery, selectionStore } from "../state/selection";
import { sessionStore } from "../state/session";
import { Modal } from "./Modal";
import { deliveryWindowLabel as windowLabel } from "../lib/time-labels";
import messages from "messages:pantries";
import { refusalText } from "../lib/refusal";

// Also opened from the shop, whose page does not carry the selector's texts.
addMessages(messages);

type Step =
  | { kind: "idle" }
  | { kind: "referral" }
  | { kind: "windows"; times: DeliveryTime[]; error?: boolean };


/** Loaded on the first click of Switch to Delivery (kept out of the page's first-load JS). */
export default function DeliveryFlow({ onClose, offerPickup = false }: { onClose: () => void; offerPickup?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const close = () => {
    setStep({ kind: "idle" });
    onClose();
  };

  const open = async () => {
    if (!sessionStore.get().token) {
      navigate(loginUrl(location.pathname + location.search));
      return;
    }
    try {
      const profile = await loadProfile();
      const bank = profile.foodBankIdsWithDeliveryEnabled[0];
      if (bank == null) return setStep({ kind: "referral" });
      const times = await loadDeliveryTimes(bank);
      setStep({ kind: "windows", times });
    } catch (e) {
      if (!(e instanceof ApiFailure && e.status === 401)) setStep({ kind: "windows", times: [], error: true });
    }
  };

  useEffect(() => {
    void open();
    // Runs once per click: the parent mounts this component anew each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      {step.kind === "referral" && <DeliveryReferral onClose={close} onAccepted={() => void open()} />}
      {step.kind === "windows" && (
        <WindowPicker
          times={step.times}
          error={!!step.error}
          offerPickup={offerPickup}
          onClose={close}
          onPick={(time) => {
            selectDelivery(time);
            navigate("/products");
          }}
        />
      )}
    </>
  );
}

/** Windows of the food bank; the first is preselected, clicking the chosen one deselects (spec §4). */
export function WindowPicker({
  times,
  error,
  offerPickup,
  onClose,
  onPick,
}: {
  times: DeliveryTime[];
  error: boolean;
  /** The shop's variant: Or, Switch to Pickup (spec §2). */
  offerPickup: boolean;
  onClose: () => void;
  onPick: (d: DeliveryTime) => void;
}) {
  // A full window cannot be chosen: the first with room is preselected.
  const [id, setId] = useState<number | null>(times.find((x) => x.remaining !== 0)?.id ?? null);
  const chosen = times.find((x) => x.id === id) ?? null;
  const current = selectionStore.get().deliveryTime;
  // Another delivery program's window empties a cart that holds products (spec §4).
  const warn = !!chosen && cartStore.get().items.length > 0 && current?.entityDeliveryProgramID !== chosen.entityDeliveryProgramID;
  return (
    <Modal
      title={t("pantries.selectDeliveryWindow")}
      onClose={onClose}
      actions={
        times.length === 0 ? (
          // Spec §8: "Sorry, there are no available delivery times" comes with an Ok button.
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {t("pantries.ok")}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            disabled={!chosen}
            onClick={() => {
              if (!chosen) return;
              if (warn) clearCart();
              onPick(chosen);
            }}
          >
            {t("pantries.select")}
          </button>
        )
      }
    >
      {error ? (
        <p role="alert">{t("pantries.deliveryError")}</p>
      ) : times.length === 0 ? (
        <p>{t("pantries.noDeliveryTimes")}</p>
      ) : (
        <ul role="list" className="window-list">
          {times.map((d) => (
            <li key={d.id}>
              <button
                type="button"
                className={`btn btn-small${d.id === id ? " btn-primary" : ""}`}
                aria-pressed={d.id === id}
                disabled={d.remaining === 0}
                onClick={() => setId(d.id === id ? null : d.id)}
              >
                {windowLabel(d)}
                {d.remaining === 0 && ` · ${t("times.full")}`}
              </button>
            </li>
          ))}
        </ul>
      )}
      {warn && <p role="alert">{t("pantries.deliveryWindowCartWarning")}</p>}
      {offerPickup && (
        <p>
          {t("pantries.or")} <Link to="/pantries">{t("pantries.switchToPickup")}</Link>
        </p>
      )}
    </Modal>
  );
}

function DeliveryReferral({ onClose, onAccepted }: { onClose: () => void; onAccepted: () => void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError("");
    try {
      const [claim] = await claimReferralCodes([code.trim()]);
      if (!claim?.isAppliedSuccessfully) throw new ApiFailure(404, "");
      onAccepted();
    } catch (e) {
      setError(refusalText(e) || t("pantries.referralInvalid"));
      setBusy(false);
    }
  };
  return (
    <Modal title={t("pantries.deliveryReferral")} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim() && !busy) void submit();
        }}
      >
        <label>
          {t("pantries.referralCode")}
          <input className="input" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
        </label>
        {error && <p role="alert">{error}</p>}
        <button type="submit" className="btn btn-primary" disabled={busy || !code.trim()}>
          {t("pantries.submit")}
        </button>
      </form>
    </Modal>
  );
}
