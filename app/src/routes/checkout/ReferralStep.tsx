import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { t } from "../../i18n/t";
import { canUsePantry } from "../../lib/access";
import { claimReferralCodes } from "../../lib/api/referrals";
import { useData } from "../../lib/useData";
import { selectionStore } from "../../state/selection";
import { claimStoredReferralCodes } from "../../state/session";
import { Busy } from "../../ui/Busy";
import { ErrorBox } from "../../ui/ErrorBox";
import type { StepProps } from "./step";
import { refusalText } from "../../lib/refusal";

/** Referral check (spec §2): claims stored codes; a restricted pantry without access asks for one. */
export function ReferralStep({ done }: StepProps) {
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const id = useId();
  const pantry = selectionStore.get().pantry;

  const check = useCallback(async () => {
    await claimStoredReferralCodes();
    if (!pantry) return true;
    try {
      return await canUsePantry(pantry);
    } catch {
      return true; // cannot tell here: the order submission enforces access anyway
    }
  }, [pantry]);

  const access = useData(`referral-${pantry?.id ?? ""}`, check);
  const needed = access.data === false;
  useEffect(() => {
    if (access.data === true) done();
  }, [access.data, done]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const c = code.trim();
    if (!c || busy) return;
    setBusy(true);
    setError("");
    try {
      const [claim] = await claimReferralCodes([c]);
      if (claim?.isAppliedSuccessfully && (await check())) return done();
      setError(t("checkout.referral.invalid"));
    } catch (err) {
      setError(refusalText(err) || t("checkout.referral.invalid"));
    }
    setBusy(false);
  };

  if (!needed) return <Busy text={t("checkout.referral.checking")} />;
  return (
    <form onSubmit={submit}>
      <p>{t("checkout.referral.required", { site: pantry?.label ?? "" })}</p>
      <p className="field">
        <label htmlFor={id}>{t("checkout.referral.code")}</label>
        <input id={id} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
      </p>
      {error && <ErrorBox>{error}</ErrorBox>}
      <button type="submit" className="btn btn-primary" disabled={!code.trim() || busy}>
        {t("checkout.submit")}
      </button>
    </form>
  );
}
