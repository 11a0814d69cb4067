import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { t, type MessageKey } from "../../i18n/t";
import { loadGenders, loadRaces } from "../../lib/api/reference";
import type { components } from "../../lib/api/schema.gen";
import { answerSurvey, surveyStatus } from "../../lib/api/survey";
import { useData } from "../../lib/useData";
import { selectionStore } from "../../state/selection";
import { Busy } from "../../ui/Busy";
import { ErrorBox } from "../../ui/ErrorBox";
import type { StepProps } from "./step";
import { US_STATES } from "../../lib/us-states";
import { refusalText } from "../../lib/refusal";

type Schemas = components["schemas"];
type Participation = Required<Schemas["Participation"]>;
/** A question of the survey, by the name the server gives it. */
type Question = Schemas["SurveyQuestion"];

interface Answers {
  householdMembersResponse?: number;
  street?: string;
  city?: string;
  state?: string;
  birthMonth?: number;
  birthYear?: number;
  genderId?: number;
  raceId?: number;
  howDidYouHear?: string;
  participationResponse?: Participation;
}

const PROGRAMS = [
  ["isParticipationSNAPNoted", "checkout.survey.snap"],
  ["isParticipationWICNoted", "checkout.survey.wic"],
  ["isParticipationMedicaidNoted", "checkout.survey.medicaid"],
  ["isParticipationSSINoted", "checkout.survey.ssi"],
  ["isParticipationTANFNoted", "checkout.survey.tanf"],
] as const satisfies readonly (readonly [keyof Participation, MessageKey])[];
const NO_PROGRAMS = Object.fromEntries(PROGRAMS.map(([k]) => [k, false])) as Participation;

const MONTHS: MessageKey[] = [
  "checkout.survey.month.1", "checkout.survey.month.2", "checkout.survey.month.3", "checkout.survey.month.4",
  "checkout.survey.month.5", "checkout.survey.month.6", "checkout.survey.month.7", "checkout.survey.month.8",
  "checkout.survey.month.9", "checkout.survey.month.10", "checkout.survey.month.11", "checkout.survey.month.12",
];

function answered(q: Question, a: Answers): boolean {
  switch (q) {
    case "householdMembers": return a.householdMembersResponse !== undefined;
    case "street": return !!a.street?.trim();
    case "city": return !!a.city?.trim();
    case "state": return !!a.state;
    case "dateOfBirth": return a.birthMonth !== undefined && a.birthYear !== undefined;
    case "gender": return a.genderId !== undefined;
    case "race": return a.raceId !== undefined;
    case "howDidYouHear": return !!a.howDidYouHear?.trim();
    case "participation": return true; // a checklist: answered even with nothing ticked
  }
}

/** Only the shown questions, keyed by their API names (spec §7); text answers trimmed. */
function body(shown: readonly Question[], a: Answers, foodBankId: number): Schemas["SurveyBody"] {
  const out: Schemas["SurveyBody"] = { foodBankId };
  for (const q of shown) {
    if (q === "householdMembers") out.householdMembersResponse = a.householdMembersResponse;
    if (q === "street") out.street = a.street!.trim();
    if (q === "city") out.city = a.city!.trim();
    if (q === "state") out.state = a.state;
    if (q === "dateOfBirth") out.dateOfBirth = { month: a.birthMonth!, year: a.birthYear! };
    if (q === "gender") out.genderId = a.genderId;
    if (q === "race") out.raceId = a.raceId;
    if (q === "howDidYouHear") out.howDidYouHear = a.howDidYouHear!.trim();
    if (q === "participation") out.participationResponse = a.participationResponse ?? NO_PROGRAMS;
  }
  return out;
}

/** Checkout survey (spec §2, §5): the unanswered questions the server shows (up to four), certification, Submit. */
export function SurveyStep({ done }: StepProps) {
  const [a, setA] = useState<Answers>({});
  const [accurate, setAccurate] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const foodBankId = selectionStore.get().foodBank?.id ?? selectionStore.get().deliveryTime?.foodBankID;

  const status = useData(foodBankId ? `/account/surveystatus/${foodBankId}` : null, () => surveyStatus(foodBankId!));
  const shown = status.data?.shownQuestions ?? null;
  // No site (nothing to ask about), nothing unanswered, or a status failure: the survey is
  // skipped silently (spec §8).
  const skip = !foodBankId || status.error !== null || shown?.length === 0;
  useEffect(() => {
    if (skip) done();
  }, [skip, done]);
  const genders = useData(shown?.includes("gender") ? "/genders" : null, loadGenders).data ?? [];
  const races = useData(shown?.includes("race") ? "/races" : null, loadRaces).data ?? [];

  if (!shown || skip) return <Busy text={t("checkout.survey.loading")} />;
  const ready = accurate && shown.every((q) => answered(q, a)) && !busy;
  const set = (patch: Answers) => setA((x) => ({ ...x, ...patch }));
  const num = (v: string) => (v === "" ? undefined : Number(v));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setBusy(true);
    setError("");
    try {
      await answerSurvey(body(shown, a, foodBankId!));
      done();
    } catch (err) {
      setError(refusalText(err) || t("checkout.survey.error"));
      setBusy(false);
    }
  };

  // Years from 10 to 99 before the current year (spec §5); only rendered in the browser.
  const year = new Date().getFullYear();
  const years = Array.from({ length: 90 }, (_, i) => year - 10 - i);

  return (
    <form onSubmit={submit}>
      <h2>{t("checkout.step.survey")}</h2>
      {shown.map((q) => {
        switch (q) {
          case "householdMembers":
            return (
              <Labelled key={q} label={t("checkout.survey.household")}>
                {(id) => (
                  <select id={id} value={a.householdMembersResponse ?? ""} onChange={(e) => set({ householdMembersResponse: num(e.target.value) })}>
                    <option value="" />
                    {Array.from({ length: 20 }, (_, i) => (
                      <option key={i} value={i + 1}>{i + 1}</option>
                    ))}
                  </select>
                )}
              </Labelled>
            );
          case "street":
          case "city":
            return (
              <Labelled key={q} label={t(q === "street" ? "checkout.survey.street" : "checkout.survey.city")}>
                {(id) => <input id={id} value={a[q] ?? ""} onChange={(e) => set({ [q]: e.target.value })} />}
              </Labelled>
            );
          case "state":
            return (
              <Labelled key={q} label={t("checkout.survey.state")}>
                {(id) => (
                  <select id={id} value={a.state ?? ""} onChange={(e) => set({ state: e.target.value || undefined })}>
                    <option value="" />
                    {US_STATES.map(([abbr, name]) => (
                      <option key={abbr} value={abbr}>{name}</option>
                    ))}
                  </select>
                )}
              </Labelled>
            );
          case "dateOfBirth":
            return (
              <fieldset key={q}>
                <legend>{t("checkout.survey.birth")}</legend>
                <Labelled label={t("checkout.survey.birthMonth")}>
                  {(id) => (
                    <select id={id} value={a.birthMonth ?? ""} onChange={(e) => set({ birthMonth: num(e.target.value) })}>
                      <option value="" />
                      {MONTHS.map((m, i) => (
                        <option key={m} value={i + 1}>{t(m)}</option>
                      ))}
                    </select>
                  )}
                </Labelled>
                <Labelled label={t("checkout.survey.birthYear")}>
                  {(id) => (
                    <select id={id} value={a.birthYear ?? ""} onChange={(e) => set({ birthYear: num(e.target.value) })}>
                      <option value="" />
                      {years.map((y) => (
                        <option key={y} value={y}>{y}</option>
                      ))}
                    </select>
                  )}
                </Labelled>
              </fieldset>
            );
          case "gender":
          case "race": {
            const list = q === "gender" ? genders : races;
            const key = q === "gender" ? "genderId" : "raceId";
            return (
              <Labelled key={q} label={t(q === "gender" ? "checkout.survey.gender" : "checkout.survey.race")}>
                {(id) => (
                  <select id={id} value={a[key] ?? ""} onChange={(e) => set({ [key]: num(e.target.value) })}>
                    <option value="" />
                    {list.map((o) => (
                      <option key={o.id} value={o.id}>{o.name}</option>
                    ))}
                  </select>
                )}
              </Labelled>
            );
          }
          case "howDidYouHear":
            return (
              <Labelled key={q} label={t("checkout.survey.howDidYouHear")}>
                {(id) => <textarea id={id} rows={6} value={a.howDidYouHear ?? ""} onChange={(e) => set({ howDidYouHear: e.target.value })} />}
              </Labelled>
            );
          case "participation":
            return (
              <fieldset key={q}>
                <legend>{t("checkout.survey.participation")}</legend>
                {PROGRAMS.map(([k, label]) => (
                  <label key={k} className="choice">
                    <input
                      type="checkbox"
                      checked={(a.participationResponse ?? NO_PROGRAMS)[k]}
                      onChange={(e) => set({ participationResponse: { ...(a.participationResponse ?? NO_PROGRAMS), [k]: e.target.checked } })}
                    />{" "}
                    {t(label)}
                  </label>
                ))}
              </fieldset>
            );
        }
      })}
      <p>{t("checkout.survey.certify")}</p>
      <label className="choice">
        <input type="checkbox" checked={accurate} onChange={(e) => setAccurate(e.target.checked)} /> {t("checkout.survey.accurate")}
      </label>
      {error && <ErrorBox>{error}</ErrorBox>}
      <p>
        <button type="submit" className="btn btn-primary" disabled={!ready}>
          {t("checkout.submit")}
        </button>
      </p>
    </form>
  );
}

function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <p className="field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </p>
  );
}
