import { Suspense, lazy, useEffect, useReducer } from "react";
import { addMessages, pageTitle, t } from "../../i18n/t";
import { safeReturnTo } from "../../lib/forms";
import { restoreSelection } from "../../state/selection";
import type { Meta } from "../../types";
import { Busy } from "../../ui/Busy";
import { INITIAL, reduce } from "./flow";
import { YesNo } from "./YesNo";
import messages from "messages:eligibility";
import type { EligibilityPage } from "../../lib/api/pages";

addMessages(messages);

export type EligibilityData = EligibilityPage;

// The questions after the first, the signature pad and the calls: one chunk, fetched as soon as the
// page hydrates, so the page's first-load JavaScript holds only the introduction and the reducer.
const loadScreens = () => import("./Screens");
const Screens = lazy(loadScreens);

/** /account/register/eligibility: the TEFAP questionnaire (spec §4), opened from the shop's prompt. */
export default function Eligibility({ data }: { data: EligibilityData | null }) {
  const [state, dispatch] = useReducer(reduce, INITIAL);

  useEffect(() => {
    // The questions read the selected food bank, restored by the shell's startup after this effect.
    restoreSelection();
    void loadScreens();
  }, []);

  return (
    <section className="card eligibility">
      <h1>{t("eligibility.title")}</h1>
      {state.step === "intro" ? (
        <>
          <p>{t("eligibility.intro.text")}</p>
          <h2>{t("eligibility.intro.question")}</h2>
          <YesNo state={state} dispatch={dispatch} />
        </>
      ) : (
        <Suspense fallback={<Busy text={t("shell.loading")} />}>
          <Screens state={state} dispatch={dispatch} returnTo={safeReturnTo(data?.returnTo)} />
        </Suspense>
      )}
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("eligibility.title")), description: t("eligibility.description") };
}
