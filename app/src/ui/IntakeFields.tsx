// The intake form's fields, at intake and on a household's page to correct it (host/service/households
// checks them): the name, ZIP and household size are all a walk-in needs; the rest helps tell two
// households apart and reach them.
import { LANGUAGE_LIST } from "../i18n/lang";
import { t, type MessageKey } from "../i18n/t";
import type { StaffHouseholdsPage } from "../lib/api/pages";

export type HouseholdListed = NonNullable<StaffHouseholdsPage["found"]>[number];

export const INTAKE_FIELDS = ["firstName", "lastName", "birthDate", "phone", "email", "street", "postalCode", "language", "size", "children", "adults", "seniors"] as const;

type Field = {
  name: (typeof INTAKE_FIELDS)[number];
  label: MessageKey;
  type: string;
  required?: boolean;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email";
};

const MAIN: Field[] = [
  { name: "firstName", label: "staff.households.firstName", type: "text", required: true, autoComplete: "off" },
  { name: "lastName", label: "staff.households.lastName", type: "text", required: true, autoComplete: "off" },
  { name: "postalCode", label: "staff.households.zip", type: "text", required: true, autoComplete: "off", inputMode: "numeric" },
  { name: "size", label: "staff.households.size", type: "number", required: true, inputMode: "numeric" },
  { name: "birthDate", label: "staff.households.birthDate", type: "date" },
  { name: "phone", label: "staff.households.phone", type: "tel", autoComplete: "off", inputMode: "tel" },
  { name: "email", label: "staff.households.email", type: "email", autoComplete: "off", inputMode: "email" },
  { name: "street", label: "staff.households.street", type: "text", autoComplete: "off" },
];

const AGES: Field[] = [
  { name: "children", label: "staff.households.children", type: "number", inputMode: "numeric" },
  { name: "adults", label: "staff.households.adults", type: "number", inputMode: "numeric" },
  { name: "seniors", label: "staff.households.seniors", type: "number", inputMode: "numeric" },
];

function Input({ f, values, errorText }: { f: Field; values: Record<string, string>; errorText: (field: string) => string | undefined }) {
  const error = errorText(f.name);
  const id = `intake-${f.name}`;
  return (
    <label htmlFor={id}>
      {t(f.label)}
      {f.required && <span aria-hidden="true"> *</span>}
      <input
        id={id}
        name={f.name}
        type={f.type}
        required={f.required}
        autoComplete={f.autoComplete}
        inputMode={f.inputMode}
        min={f.type === "number" ? 0 : undefined}
        max={f.type === "number" ? 30 : undefined}
        defaultValue={values[f.name] ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </label>
  );
}

export function IntakeFields({ values, errorText }: { values: Record<string, string>; errorText: (field: string) => string | undefined }) {
  return (
    <>
      {MAIN.map((f) => (
        <Input key={f.name} f={f} values={values} errorText={errorText} />
      ))}
      <label htmlFor="intake-language">
        {t("staff.households.language")}
        <select id="intake-language" name="language" defaultValue={values.language ?? ""}>
          <option value="">{t("staff.households.languageUnknown")}</option>
          {LANGUAGE_LIST.map(({ code, name }) => (
            <option key={code} value={code} lang={code}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>{t("staff.households.ages")}</legend>
        {AGES.map((f) => (
          <Input key={f.name} f={f} values={values} errorText={errorText} />
        ))}
      </fieldset>
    </>
  );
}
