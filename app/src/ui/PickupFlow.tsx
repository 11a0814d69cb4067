// Choosing a pickup (spec §4): a restricted pantry first needs a referral code, a cart of another
// food bank is cleared only after the warning, then the selection is stored and the shop opens,
// after the food bank's introduction when it is not the one already chosen.
import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import { useNavigate } from "../lib/router";
import type { PickupTime } from "../entities";
import { t } from "../i18n/t";
import { canUsePantry } from "../lib/access";
import { loginUrl } from "../lib/api";
import { cartStore, clearCart } from "../state/cart";
import { selectFoodBank, selectPickup, selectionStore } from "../state/selection";
import { Modal } from "./Modal";
import { storedPantry, type Pantry } from "../lib/pantries";

const ReferralModal = lazy(() => import("./ReferralModal"));
const FoodBankIntro = lazy(() => import("./FoodBankIntro"));

async function hasAccess(pantry: Pantry): Promise<boolean> {
  try {
    return await canUsePantry(pantry);
  } catch {
    return false; // the referral form then checks the code itself
  }
}

type Step =
  | { kind: "idle" }
  | { kind: "referral"; pantry: Pantry; onAccepted: (viaLogin: boolean) => void }
  | { kind: "cart" }
  | { kind: "intro"; viaLogin: boolean };

interface PickupFlow {
  /**
   * Spec §4: "Choosing a pickup-time entry for a restricted pantry without access opens the referral
   * modal and holds the choice until accepted." Runs `apply` (the held choice) at once when the
   * shopper may order there, else once a code is accepted; never when the modal is dismissed.
   */
  choose: (pantry: Pantry, apply: () => void) => void;
  /** Pick Up Here / Confirm: the chosen time becomes the selection. */
  start: (pantry: Pantry, time: PickupTime) => void;
  modals: ReactNode;
}

export function usePickupFlow(): PickupFlow {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [choice, setChoice] = useState<{ pantry: Pantry; time: PickupTime } | null>(null);
  const [afterLogin, setAfterLogin] = useState(false);
  // Pantries unlocked by a code kept on this device while signed out: their shop opens via login,
  // which claims the code for the account (spec §4).
  const viaLogin = useRef(new Set<number>());

  const shop = (viaLogin: boolean) => navigate(viaLogin ? loginUrl("/products") : "/products");

  const finish = (pantry: Pantry, time: PickupTime, viaLogin: boolean) => {
    const known = selectionStore.get().foodBank?.id === pantry.foodBankID;
    selectPickup(storedPantry(pantry), time, pantry.foodBank ? { ...pantry.foodBank } : undefined);
    if (known) {
      setStep({ kind: "idle" });
      shop(viaLogin);
    } else setStep({ kind: "intro", viaLogin });
  };

  const checkCart = (pantry: Pantry, time: PickupTime, viaLogin: boolean) => {
    const bank = selectionStore.get().foodBank?.id ?? selectionStore.get().pantry?.foodBankID;
    if (cartStore.get().items.length > 0 && bank !== pantry.foodBankID) {
      setAfterLogin(viaLogin);
      setStep({ kind: "cart" });
    } else finish(pantry, time, viaLogin);
  };

  const start = (pantry: Pantry, time: PickupTime) => {
    setChoice({ pantry, time });
    void hasAccess(pantry).then((ok) =>
      ok
        ? checkCart(pantry, time, viaLogin.current.has(pantry.id))
        : setStep({ kind: "referral", pantry, onAccepted: (v) => checkCart(pantry, time, v) }),
    );
  };

  const choose = (pantry: Pantry, apply: () => void) => {
    void hasAccess(pantry).then((ok) => {
      if (ok) return apply();
      setStep({
        kind: "referral",
        pantry,
        onAccepted: (v) => {
          if (v) viaLogin.current.add(pantry.id);
          setStep({ kind: "idle" });
          apply();
        },
      });
    });
  };

  let modals: ReactNode = null;
  if (choice && step.kind === "intro") {
    const bank = { id: choice.pantry.foodBankID, name: choice.pantry.foodBank?.name };
    modals = (
      <Suspense fallback={null}>
        <FoodBankIntro
          foodBank={bank}
          onClose={() => setStep({ kind: "idle" })}
          onStart={() => {
            selectFoodBank({ ...choice.pantry.foodBank, id: choice.pantry.foodBankID });
            setStep({ kind: "idle" });
            shop(step.viaLogin);
          }}
        />
      </Suspense>
    );
  } else if (step.kind === "referral") {
    modals = (
      <Suspense fallback={null}>
        <ReferralModal pantry={step.pantry} onClose={() => setStep({ kind: "idle" })} onAccepted={step.onAccepted} />
      </Suspense>
    );
  } else if (choice && step.kind === "cart") {
    const close = () => setStep({ kind: "idle" });
    modals = (
      <Modal
        title={t("pantries.cartWarning")}
        onClose={close}
        actions={
          <>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                clearCart();
                finish(choice.pantry, choice.time, afterLogin);
              }}
            >
              {t("pantries.ok")}
            </button>
            <button type="button" className="btn" onClick={close}>
              {t("pantries.cancel")}
            </button>
          </>
        }
      >
        <p>{t("pantries.cartWarning")}</p>
      </Modal>
    );
  }
  return { choose, start, modals };
}
