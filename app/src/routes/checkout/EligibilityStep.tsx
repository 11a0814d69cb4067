import { useEffect, useId, useState, type FormEvent } from "react";
import { t, type MessageKey } from "../../i18n/t";
import { answerFoodSituation, eligibilityStatus } from "../../lib/api/survey";
import type { components } from "../../lib/api/schema.gen";
import { useData } from "../../lib/useData";
import { Busy } from "../../ui/Busy";
import { ErrorBox } from "../../ui/ErrorBox";
import type { StepProps } from "./step";
import { refusalText } from "../../lib/refusal";

type Answers = components["schemas"]["FoodSituationBody"];
type Question = { name: keyof Answers; text: MessageKey; options: [MessageKey, number][] };

// Spec §5 food-situation survey: all three required; codes as the API expects them.
const FREQUENCY: [MessageKey, number][] = [
  ["checkout.eligibility.always", 1],
  ["checkout.eligibility.sometimes", 2],
  ["checkout.eligibility.never", 3],
];
const QUESTIONS: Question[] = [
  { name: "worriedFoodWillRunOut", text: "checkout.eligibility.q1", options: FREQUENCY },
  { name: "foodDidNotLast", text: "checkout.eligibility.q2", options: FREQUENCY },
  {
    name: "receivedCharityFood",
    text: "checkout.eligibility.q3",
    options: [
      ["checkout.eligibility.lastYear", 1],
      ["checkout.eligibility.longer", 2],
      ["checkout.eligibility.never", 3],
    ],
  },
];

/** Food-situation screening: asked only when the account's status says it is required. */
export function EligibilityStep({ done }: StepProps) {
  const [answers, setAnswers] = useState<Partial<Answers>>({});
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState("");
  const id = useId();

  const status = useData("/account/eligibilitystatus", eligibilityStatus);
  const asking = status.data?.isSurveyRequired === true;
  // Status failure: the check counts as complete (spec §8).
  const skip = status.error !== null || status.data?.isSurveyRequired === false;
  useEffect(() => {
    if (skip) done();
  }, [skip, done]);

  const complete = QUESTIONS.every((q) => answers[q.name] !== undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!complete || busy) return;
    setBusy(true);
    setRefused("");
    try {
      // `complete`: all three are answered.
      const eligible = await answerFoodSituation(answers as Answers);
      if (eligible) return done();
      setRefused(t("checkout.eligibility.refused"));
    } catch (err) {
      setRefused(refusalText(err) || t("checkout.eligibility.refused"));
    }
    setBusy(false);
  };

  if (!asking) return <Busy text={t("checkout.eligibility.loading")} />;
  if (refused) return <ErrorBox>{refused}</ErrorBox>;
  return (
    <form onSubmit={submit}>
      {QUESTIONS.map((q) => (
        <fieldset key={q.name}>
          <legend>{t(q.text)}</legend>
          {q.options.map(([label, code]) => (
            <label key={code} className="choice">
              <input
                type="radio"
                name={`${id}-${q.name}`}
                checked={answers[q.name] === code}
                onChange={() => setAnswers((a) => ({ ...a, [q.name]: code }))}
              />{" "}
              {t(label)}
            </label>
          ))}
        </fieldset>
      ))}
      <p>
        <button type="submit" className="btn btn-primary" disabled={!complete || busy}>
          {t("checkout.submit")}
        </button>
      </p>
    </form>
  );
}
