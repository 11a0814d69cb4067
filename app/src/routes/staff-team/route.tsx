export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, type MessageKey } from "../../i18n/t";
import type { Meta } from "../../types";
import { refusalText } from "../../lib/refusal";
import { fieldErrorText, serverFieldErrors } from "../../lib/forms";
import type { StaffTeamPage } from "../../lib/api/pages";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { StaffUnavailable } from "../../ui/StaffParts";
import messages from "messages:staff,account";

addMessages(messages);

/** The form posts to this page (host/pages/staff_team.rs), which answers 303 back here. */
const native = () => undefined;

const ROLES: Record<string, MessageKey> = {
  admin: "staff.team.role.admin",
  staff: "staff.team.role.staff",
  volunteer: "staff.team.role.volunteer",
};
const roleName = (code: string) => (ROLES[code] ? t(ROLES[code]) : code);

/**
 * /staff/team (food bank admins): every grant at their food banks and pantries, and a form that
 * grants a role to an e-mail; the server makes the account when there is none and mails the
 * invitation. Each grant has a form changing its role and place and one revoking it (revoking a
 * person's last grant signs them out everywhere). Works without JavaScript (post, 303 or 422).
 */
export default function StaffTeam({ data }: { data: StaffTeamPage | null }) {
  const posted = usePostedForm();
  const changedPost = usePostedForm("change");
  const revokedPost = usePostedForm("revoke");
  const rowFailure = changedPost.failure ?? revokedPost.failure;
  if (!data?.team) return <StaffUnavailable />;
  const team = data.team;
  const fields = serverFieldErrors(posted.failure?.value);
  const fieldText = (name: string) => (fields[name] ? fieldErrorText(fields[name]) : undefined);
  const general = posted.failure && Object.keys(fields).length === 0 ? refusalText(posted.failure) : null;
  return (
    <section className="card staff">
      <h1>{t("staff.team.title")}</h1>
      {data.granted && (
        <p role="status" className="info-box">
          {t("staff.team.granted", { email: data.granted })}
        </p>
      )}
      {data.changed && (
        <p role="status" className="info-box">
          {t("staff.team.changed", { email: data.changed })}
        </p>
      )}
      {data.revoked && (
        <p role="status" className="info-box">
          {t("staff.team.revoked", { email: data.revoked })}
        </p>
      )}
      {general && (
        <p role="alert" className="error-box">
          {general}
        </p>
      )}
      {rowFailure && (
        <p role="alert" className="error-box">
          {Object.keys(serverFieldErrors(rowFailure.value)).includes("grant")
            ? t("staff.team.notOwn")
            : Object.keys(serverFieldErrors(rowFailure.value)).includes("place")
              ? t("staff.team.wrongPlace")
              : refusalText(rowFailure)}
        </p>
      )}
      <h2>{t("staff.team.add")}</h2>
      <PostForm onSubmit={native} className="staff-filter">
        <label>
          {t("staff.team.email")}
          <input type="email" name="email" required autoComplete="off" defaultValue={posted.values.email ?? ""} aria-invalid={fields.email ? true : undefined} aria-describedby={fields.email ? "team-email-error" : undefined} />
          {fields.email && (
            <span id="team-email-error" className="field-error">
              {fieldText("email")}
            </span>
          )}
        </label>
        <label>
          {t("staff.team.role")}
          <select name="role" defaultValue={posted.values.role ?? "staff"}>
            {Object.keys(ROLES).map((r) => (
              <option key={r} value={r}>
                {roleName(r)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("staff.team.place")}
          <select name="place" defaultValue={posted.values.place ?? (team.pantries[0] ? `pantry-${team.pantries[0].id}` : "")} aria-describedby={fields.place ? "team-place-error" : undefined}>
            <optgroup label={t("staff.team.foodBanks")}>
              {team.foodBanks.map((b) => (
                <option key={`b${b.id}`} value={`foodBank-${b.id}`}>
                  {b.name}
                </option>
              ))}
            </optgroup>
            <optgroup label={t("staff.team.pantries")}>
              {team.pantries.map((p) => (
                <option key={`p${p.id}`} value={`pantry-${p.id}`}>
                  {p.name}
                </option>
              ))}
            </optgroup>
          </select>
          {fields.place && (
            <span id="team-place-error" className="field-error">
              {t("staff.team.wrongPlace")}
            </span>
          )}
        </label>
        <button type="submit" className="btn btn-primary">
          {t("staff.team.grant")}
        </button>
      </PostForm>
      <p>{t("staff.team.help")}</p>
      <h2>{t("staff.team.current")}</h2>
      <table className="staff-table">
        <thead>
          <tr>
            <th scope="col">{t("staff.team.email")}</th>
            <th scope="col">{t("staff.team.name")}</th>
            <th scope="col">{t("staff.team.role")}</th>
            <th scope="col">{t("staff.team.place")}</th>
            <th scope="col">{t("staff.team.changeHeading")}</th>
          </tr>
        </thead>
        <tbody>
          {team.grants.map((g) => {
            const place = g.foodBankId != null ? `foodBank-${g.foodBankId}` : `pantry-${g.pantryId ?? ""}`;
            return (
              <tr key={g.id}>
                <td>{g.email}</td>
                <td>{g.name}</td>
                <td>{roleName(g.role)}</td>
                <td>{g.place}</td>
                <td>
                  <PostForm onSubmit={native} intent="change" className="staff-inline">
                    <input type="hidden" name="grant" value={g.id} />
                    <select name="role" defaultValue={g.role} aria-label={t("staff.team.roleOf", { email: g.email })}>
                      {Object.keys(ROLES).map((r) => (
                        <option key={r} value={r}>
                          {roleName(r)}
                        </option>
                      ))}
                    </select>
                    <select name="place" defaultValue={place} aria-label={t("staff.team.placeOf", { email: g.email })}>
                      <optgroup label={t("staff.team.foodBanks")}>
                        {team.foodBanks.map((b) => (
                          <option key={`b${b.id}`} value={`foodBank-${b.id}`}>
                            {b.name}
                          </option>
                        ))}
                      </optgroup>
                      <optgroup label={t("staff.team.pantries")}>
                        {team.pantries.map((p) => (
                          <option key={`p${p.id}`} value={`pantry-${p.id}`}>
                            {p.name}
                          </option>
                        ))}
                      </optgroup>
                    </select>
                    <button type="submit" className="btn btn-secondary" aria-label={t("staff.team.saveOf", { email: g.email })}>
                      {t("staff.team.save")}
                    </button>
                  </PostForm>
                  <PostForm onSubmit={native} intent="revoke" className="staff-inline">
                    <input type="hidden" name="grant" value={g.id} />
                    <button type="submit" className="btn btn-danger" aria-label={t("staff.team.revokeOf", { email: g.email, place: g.place })}>
                      {t("staff.team.revoke")}
                    </button>
                  </PostForm>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.team.title")), description: t("staff.description") };
}
