import { useEffect, useId, useRef, type Dispatch } from "react";
import { useNavigate } from "../../lib/router";
import { t, tn, type MessageKey } from "../../i18n/t";
import { sessionStore } from "../../state/session";
import { recordTefapResponse } from "../../state/tefap";
import { Busy } from "../../ui/Busy";
import {
  AGE_GROUPS,
  HOUSEHOLD_SIZES,
  MEMBER_COUNTS,
  NONE_PROGRAM_ID,
  canAnswer,
  eligibleLocation,
  formatDollars,
  incomeMaximum,
  membersRemaining,
  pending,
  submission,
  type Action,
  type AgeGroup,
  type Pending,
  type State,
} from "./flow";
import { LookupError, failureText, guidelineOf, provinceCountiesOf, residencyOf, selectedFoodBankAddress, selectedFoodBankId, submitAnswers } from "./lookups";
import { LookupFailure } from "./Failure";
import { Residency } from "./Residency";
import { SignaturePad } from "./SignaturePad";
import { YesNo } from "./YesNo";

type Props = { state: State; dispatch: Dispatch<Action> };

const AGE_LABEL = {
  over65: "eligibility.household.over65",
  adults: "eligibility.household.adults",
  children: "eligibility.household.children",
} as const satisfies Record<AgeGroup, string>;

/** The text of a failure no lookup worded itself (e.g. the food bank's own address not loading). */
const FALLBACK = {
  homelessGuideline: "eligibility.error.guideline",
  residency: "eligibility.error.data",
  provinceCounties: "eligibility.error.counties",
  submit: "eligibility.error.submit",
} as const satisfies Record<NonNullable<Pending>["kind"], MessageKey>;

const range = ({ min, max }: { min: number; max: number }) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

/** Runs the lookup `pending(state)` names and reports its outcome; a stale one is dropped. */
function useLookups(state: State, dispatch: Dispatch<Action>): void {
  const job = pending(state);
  const key = job && JSON.stringify(job);
  useEffect(() => {
    if (!job) return;
    let live = true;
    const report = (action: Action) => live && dispatch(action);
    const failed = (err: unknown) => {
      const e = err instanceof LookupError ? err : new LookupError(failureText(err, FALLBACK[job.kind]), job.kind === "homelessGuideline");
      if (job.kind === "provinceCounties") report({ type: "provinceCountiesFailed", message: e.message });
      else if (job.kind === "submit") report({ type: "submitFailed", message: e.message });
      else report({ type: "lookupFailed", message: e.message, notAvailable: e.notAvailable });
    };
    const run = async () => {
      switch (job.kind) {
        case "homelessGuideline": {
          // Spec §4: a homeless shopper's guideline is the one of the food bank's postal code.
          const zip = (await selectedFoodBankAddress())?.postalCode;
          if (!zip) throw new LookupError(t("eligibility.error.guideline"), true);
          return report({ type: "guidelineLoaded", guideline: await guidelineOf(zip) });
        }
        case "residency": {
          const [found, foodBank] = await Promise.all([
            residencyOf(job.zip),
            // Unknown food bank province: nothing to compare, the county form follows.
            selectedFoodBankAddress().catch(() => null),
          ]);
          return report({ type: "residencyLoaded", ...found, foodBankProvince: foodBank?.province ?? null });
        }
        case "provinceCounties":
          return report({ type: "provinceCountiesLoaded", counties: await provinceCountiesOf(job.provinceId) });
        case "submit": {
          const result = await submitAnswers(submission(state, selectedFoodBankId()));
          // Kept even if the page was left meanwhile: the server has stored the response.
          recordTefapResponse(result, sessionStore.get().token !== null);
          return report({ type: "submitted", result });
        }
      }
    };
    run().catch(failed);
    return () => {
      live = false;
    };
    // `key` names the job; the state it was made from is the state of that render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

/** Every step after the introduction; each new step's heading takes the focus, so it is announced. */
export default function Screens({ state, dispatch, returnTo }: Props & { returnTo: string }) {
  const box = useRef<HTMLDivElement>(null);
  useLookups(state, dispatch);
  // A new screen (step, residency phase, submission outcome) replaces the button just pressed.
  const screen = `${state.step}/${state.residency.phase}/${state.submission.status}/${state.result !== null}`;
  useEffect(() => {
    box.current?.querySelector<HTMLElement>("h2")?.focus();
  }, [screen]);
  return (
    <div ref={box}>
      <Step state={state} dispatch={dispatch} returnTo={returnTo} />
    </div>
  );
}

function Title({ children }: { children: string }) {
  return <h2 tabIndex={-1}>{children}</h2>;
}

function Step({ state, dispatch, returnTo }: Props & { returnTo: string }) {
  const g = state.guideline;
  switch (state.step) {
    case "intro":
      return null; // the route shows it, server-rendered
    case "homeless":
      return (
        <>
          <Title>{t("eligibility.homeless.question")}</Title>
          {state.homeless.status === "loading" && <Busy text={t("shell.loading")} />}
          {state.homeless.status === "error" && (
            <LookupFailure message={state.homeless.message} notAvailable={state.homeless.notAvailable} dispatch={dispatch} />
          )}
          <YesNo state={state} dispatch={dispatch} />
        </>
      );
    case "residency":
      return <Residency state={state} dispatch={dispatch} />;
    case "crossEligibility":
      return <Programs state={state} dispatch={dispatch} />;
    case "householdSize":
      return <Household state={state} dispatch={dispatch} />;
    case "income":
      return (
        <>
          <Title>{t("eligibility.income.question", { amount: formatDollars(g && incomeMaximum(g, state.householdSize)) })}</Title>
          <p>{tn("eligibility.income.household", state.householdSize)}</p>
          <YesNo state={state} dispatch={dispatch} />
        </>
      );
    case "proveIncome":
      return (
        <>
          <Title>{t("eligibility.proveIncome.question")}</Title>
          <YesNo state={state} dispatch={dispatch} />
        </>
      );
    case "emergencySituation":
      return <Emergency state={state} dispatch={dispatch} />;
    case "attest":
      return <Attest state={state} dispatch={dispatch} />;
    case "idRequirement":
      return (
        <>
          <Title>{t("eligibility.id.question")}</Title>
          <YesNo state={state} dispatch={dispatch} />
        </>
      );
    case "confirmation":
      return <Confirmation state={state} dispatch={dispatch} />;
    case "disqualified":
      return (
        <>
          <Title>{t("eligibility.disqualified.title")}</Title>
          <p>{t("eligibility.disqualified.text")}</p>
          <div className="checkout-actions">
            <button type="button" className="btn btn-primary" onClick={() => dispatch({ type: "answer", yes: true })}>
              {t("eligibility.continue")}
            </button>
          </div>
        </>
      );
    case "complete":
      return <Complete state={state} dispatch={dispatch} returnTo={returnTo} />;
  }
}

function Programs({ state, dispatch }: Props) {
  const headingId = useId();
  const programs = [
    ...(state.guideline?.province.tefapProvinceAssistancePrograms ?? []).map((p) => ({ id: p.assistanceProgramID, name: p.assistanceProgram.name })),
    { id: NONE_PROGRAM_ID, name: t("eligibility.none") },
  ];
  return (
    <>
      <h2 id={headingId} tabIndex={-1}>
        {t("eligibility.programs.question")}
      </h2>
      <fieldset aria-labelledby={headingId}>
        {programs.map((p) => (
          <label key={p.id} className="choice">
            <input
              type="checkbox"
              checked={state.programs.includes(p.id)}
              onChange={(e) => dispatch({ type: "programToggled", id: p.id, on: e.target.checked })}
            />{" "}
            {p.name}
          </label>
        ))}
      </fieldset>
      <div className="checkout-actions">
        <button type="button" className="btn btn-primary" disabled={!canAnswer(state, true)} onClick={() => dispatch({ type: "answer", yes: true })}>
          {t("eligibility.continue")}
        </button>
      </div>
    </>
  );
}

function Household({ state, dispatch }: Props) {
  const sizeId = useId();
  const groupsId = useId();
  const remaining = membersRemaining(state);
  return (
    <>
      <Title>{t("eligibility.household.title")}</Title>
      <p className="field">
        <label htmlFor={sizeId}>{t("eligibility.household.size")}</label>
        <select id={sizeId} value={state.householdSize} onChange={(e) => dispatch({ type: "householdSizeChosen", size: Number(e.target.value) })}>
          {range(HOUSEHOLD_SIZES).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </p>
      <fieldset aria-describedby={groupsId}>
        <legend>{t("eligibility.household.members")}</legend>
        {AGE_GROUPS.map((group) => (
          <AgeSelect key={group} group={group} value={state.members[group]} dispatch={dispatch} />
        ))}
        <p id={groupsId} role="status" className={remaining < 0 ? "field-error" : "field-hint"}>
          {remaining >= 0 ? tn("eligibility.household.remaining", remaining) : tn("eligibility.household.tooMany", -remaining)}
        </p>
      </fieldset>
      <div className="checkout-actions">
        <button type="button" className="btn btn-primary" disabled={!canAnswer(state, true)} onClick={() => dispatch({ type: "answer", yes: true })}>
          {t("eligibility.continue")}
        </button>
      </div>
    </>
  );
}

function AgeSelect({ group, value, dispatch }: { group: AgeGroup; value: number; dispatch: Dispatch<Action> }) {
  const id = useId();
  return (
    <p className="field">
      <label htmlFor={id}>{t(AGE_LABEL[group])}</label>
      <select id={id} value={value} onChange={(e) => dispatch({ type: "membersChosen", group, count: Number(e.target.value) })}>
        {range(MEMBER_COUNTS).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </p>
  );
}

function Emergency({ state, dispatch }: Props) {
  const id = useId();
  return (
    <>
      <Title>{t("eligibility.emergency.question")}</Title>
      <p className="field">
        <label htmlFor={id}>{t("eligibility.emergency.text")}</label>
        <textarea id={id} rows={4} maxLength={2000} value={state.emergencyText} onChange={(e) => dispatch({ type: "emergencyTextChanged", text: e.target.value })} />
      </p>
      <YesNo state={state} dispatch={dispatch} />
    </>
  );
}

function Attest({ state, dispatch }: Props) {
  const id = useId();
  return (
    <>
      <Title>{t("eligibility.attest.title")}</Title>
      <p>{t("eligibility.attest.text")}</p>
      <SignaturePad
        drawn={state.signature.drawn}
        accepted={state.signature.accepted}
        onDraw={() => dispatch({ type: "signatureDrawn" })}
        onClear={() => dispatch({ type: "signatureCleared" })}
        onAccept={(svg) => dispatch({ type: "signatureAccepted", svg })}
      />
      <p className="field">
        <label htmlFor={id}>{t("eligibility.attest.typedName")}</label>
        <input id={id} autoComplete="name" maxLength={200} value={state.typedName} onChange={(e) => dispatch({ type: "typedNameChanged", name: e.target.value })} />
      </p>
      <p>{t("eligibility.attest.question")}</p>
      <YesNo state={state} dispatch={dispatch} />
    </>
  );
}

function Confirmation({ state, dispatch }: Props) {
  return (
    <>
      <Title>{t("eligibility.confirm.title")}</Title>
      <p>{t("eligibility.confirm.text")}</p>
      <label className="choice">
        <input type="checkbox" checked={state.terms} onChange={(e) => dispatch({ type: "termsChanged", accepted: e.target.checked })} />{" "}
        {t("eligibility.confirm.terms")}
      </label>
      <YesNo state={state} dispatch={dispatch} yes="eligibility.submit" no="eligibility.decline" />
    </>
  );
}

function Complete({ state, dispatch, returnTo }: Props & { returnTo: string }) {
  const navigate = useNavigate();
  const { submission: s, result } = state;
  if (s.status === "error") {
    return (
      <>
        <Title>{t("eligibility.error.title")}</Title>
        <LookupFailure message={s.message} notAvailable={false} dispatch={dispatch} />
      </>
    );
  }
  if (!result) return <Busy text={t("eligibility.submitting")} />;
  const text = result.isEligible
    ? t("eligibility.eligible", { location: eligibleLocation(result) ?? t("eligibility.yourArea") })
    : t("eligibility.notEligible");
  return (
    <>
      <Title>{t("eligibility.result.title")}</Title>
      <p role="status">{text}</p>
      <div className="checkout-actions">
        <button type="button" className="btn btn-primary" onClick={() => navigate(returnTo, { replace: true })}>
          {t("eligibility.ok")}
        </button>
      </div>
    </>
  );
}
