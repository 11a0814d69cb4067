// The referral-code form for a restricted pantry (the pickup flow, an order's change of location);
// its own chunk, loaded only when a restricted pantry is chosen.
import { useState } from "react";
import { addMessages, t } from "../i18n/t";
import { ApiFailure } from "../lib/api";
import { claimReferralCodes, loadReferralCode } from "../lib/api/referrals";
import { sessionStore } from "../state/session";
import { read, write } from "../state/storage";
import { Modal } from "./Modal";
import messages from "messages:pantries";
import { refusalText } from "../lib/refusal";

addMessages(messages);

/** Spec §9: Referral Code Accepted shows this long before the flow continues. */
const REFERRAL_ACCEPTED_MS = 1500;

/**
 * The referral-code form. Signed in, the code is claimed for the account; signed out, a code that
 * covers the pantry is kept on the device (claimed at sign-in, spec §4) and the flow goes via login.
 */
export default function ReferralModal({ pantry, onClose, onAccepted }: { pantry: { id: number; label: string }; onClose: () => void; onAccepted: (viaLogin: boolean) => void }) {
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [accepted, setAccepted] = useState(false);

  const submit = async () => {
    const c = code.trim();
    if (!c || busy) return;
    setBusy(true);
    setError("");
    try {
      const loggedIn = !!sessionStore.get().token;
      if (loggedIn) {
        const [claim] = await claimReferralCodes([c]);
        if (!claim?.isAppliedSuccessfully) throw new ApiFailure(404, "");
      } else {
        const info = await loadReferralCode(c);
        if (!info.referralCodePantryLocationIds.includes(pantry.id)) throw new ApiFailure(404, "");
        const held = read("referralCodes") ?? [];
        if (!held.includes(c)) write("referralCodes", [...held, c]);
      }
      setAccepted(true);
      setTimeout(() => onAccepted(!loggedIn), REFERRAL_ACCEPTED_MS);
    } catch (e) {
      setError(refusalText(e) || t("pantries.referralInvalid"));
      setBusy(false);
    }
  };

  return (
    <Modal title={t("pantries.needsReferral", { pantry: pantry.label })} onClose={onClose}>
      {accepted ? (
        <p role="status">{t("pantries.referralAccepted")}</p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <label>
            {t("pantries.referralCode")}
            <input className="input" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
          </label>
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy || !code.trim()}>
            {t("pantries.submit")}
          </button>
        </form>
      )}
    </Modal>
  );
}
