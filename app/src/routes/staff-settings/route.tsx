export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { addMessages, pageTitle, t } from "../../i18n/t";
import type { Meta } from "../../types";
import type { StaffSettingsPage } from "../../lib/api/pages";
import { fieldErrorText, serverFieldErrors } from "../../lib/forms";
import { refusalText } from "../../lib/refusal";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { StaffUnavailable } from "../../ui/StaffParts";
import messages from "messages:staff,account";

addMessages(messages);

/** The form posts to this page (host/pages/staff_settings.rs), which answers 303 back here. */
const native = () => undefined;

/**
 * /staff/settings (food bank admins): each of their food banks' TEFAP rules, the months a TEFAP
 * decision stands before the household recertifies and whether a walk-in visit needs the
 * household's signature. One form per food bank; it works before JavaScript.
 */
export default function StaffSettings({ data }: { data: StaffSettingsPage | null }) {
  const posted = usePostedForm("rules");
  if (!data?.foodBanks) return <StaffUnavailable />;
  const fields = serverFieldErrors(posted.failure?.value);
  const general = posted.failure && !fields.tefapValidMonths && !fields.inactiveAccountMonths ? refusalText(posted.failure) : null;
  const refusedBank = posted.values.foodBank;
  return (
    <section className="card staff">
      <h1>{t("staff.settings.title")}</h1>
      {data.saved && (
        <p role="status" className="info-box">
          {t("staff.settings.saved")}
        </p>
      )}
      {general && (
        <p role="alert" className="error-box">
          {general}
        </p>
      )}
      {data.foodBanks.length === 0 && <p>{t("staff.settings.none")}</p>}
      {data.foodBanks.map((b) => {
        const refused = refusedBank === String(b.id) && fields.tefapValidMonths;
        const id = `months-${b.id}`;
        const inactiveRefused = refusedBank === String(b.id) && fields.inactiveAccountMonths;
        const inactiveId = `inactive-${b.id}`;
        return (
          <PostForm key={b.id} onSubmit={native} intent="rules" className="staff-form" aria-describedby={`rules-${b.id}`}>
            <h2 id={`rules-${b.id}`}>{t("staff.settings.tefap", { foodBank: b.name })}</h2>
            <input type="hidden" name="foodBank" value={b.id} />
            <label htmlFor={id}>
              {t("staff.settings.months")}
              <input
                id={id}
                type="number"
                name="tefapValidMonths"
                min={1}
                max={36}
                inputMode="numeric"
                required
                defaultValue={refused ? posted.values.tefapValidMonths : b.tefapValidMonths}
                aria-invalid={refused ? true : undefined}
                aria-describedby={refused ? `${id}-error` : `${id}-help`}
              />
              <span id={`${id}-help`} className="hint">
                {t("staff.settings.monthsHelp")}
              </span>
              {refused && (
                <span id={`${id}-error`} className="field-error">
                  {fieldErrorText(fields.tefapValidMonths)}
                </span>
              )}
            </label>
            <label className="check">
              <input type="checkbox" name="visitSignature" value="1" defaultChecked={b.visitSignature} /> {t("staff.settings.signature")}
            </label>
            <label className="check">
              <input type="checkbox" name="requireSecondFactor" value="1" defaultChecked={b.requireSecondFactor} /> {t("staff.settings.secondFactor")}
            </label>
            <label htmlFor={inactiveId}>
              {t("staff.settings.inactive")}
              <input
                id={inactiveId}
                type="number"
                name="inactiveAccountMonths"
                min={6}
                max={120}
                inputMode="numeric"
                defaultValue={inactiveRefused ? posted.values.inactiveAccountMonths : (b.inactiveAccountMonths ?? "")}
                aria-invalid={inactiveRefused ? true : undefined}
                aria-describedby={inactiveRefused ? `${inactiveId}-error` : `${inactiveId}-help`}
              />
              <span id={`${inactiveId}-help`} className="hint">
                {t("staff.settings.inactiveHelp")}
              </span>
              {inactiveRefused && (
                <span id={`${inactiveId}-error`} className="field-error">
                  {fieldErrorText(fields.inactiveAccountMonths)}
                </span>
              )}
            </label>
            <button type="submit" className="btn btn-primary">
              {t("staff.settings.save")}
            </button>
          </PostForm>
        );
      })}
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.settings.title")), description: t("staff.description") };
}
