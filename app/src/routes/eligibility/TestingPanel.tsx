import { useId, useState } from "react";
import { t, type MessageKey } from "../../i18n/t";
import { forceFlag, forcedFlag, TESTING_FLAGS, type TestingFlag } from "./testing";

const LABELS: Record<TestingFlag, MessageKey> = {
  acceptsCrossEligibility: "eligibility.testing.acceptsCrossEligibility",
  acceptsEmergencySituation: "eligibility.testing.acceptsEmergencySituation",
  requiresIncomeProof: "eligibility.testing.requiresIncomeProof",
  requiresIdentificationProof: "eligibility.testing.requiresIdentificationProof",
};

/** Shown in the residency step only when the host's TEFAP testing flag is on (default off). */
export function TestingPanel() {
  return (
    <details className="card testing-panel">
      <summary>{t("eligibility.testing.title")}</summary>
      <p>{t("eligibility.testing.intro")}</p>
      {TESTING_FLAGS.map((flag) => (
        <FlagSelect key={flag} flag={flag} />
      ))}
    </details>
  );
}

function FlagSelect({ flag }: { flag: TestingFlag }) {
  const id = useId();
  const [value, setValue] = useState(forcedFlag(flag));
  return (
    <p className="field">
      <label htmlFor={id}>{t(LABELS[flag])}</label>
      <select
        id={id}
        value={value === null ? "" : String(value)}
        onChange={(e) => {
          const next = e.target.value === "" ? null : e.target.value === "true";
          forceFlag(flag, next);
          setValue(next);
        }}
      >
        <option value="">{t("eligibility.testing.asConfigured")}</option>
        <option value="true">{t("eligibility.yes")}</option>
        <option value="false">{t("eligibility.no")}</option>
      </select>
    </p>
  );
}
