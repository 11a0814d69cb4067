import { Link } from "react-router";
import { addMessages, pageTitle, t, type MessageKey } from "../../i18n/t";
import type { Meta } from "../../types";
import { refusalText } from "../../lib/refusal";
import { fieldErrorText, serverFieldErrors } from "../../lib/forms";
import type { StaffTeamPage } from "../../lib/api/pages";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { StaffDenied } from "../../ui/StaffParts";
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
 * invitation. Works without JavaScript (post, 303 or 422).
 */
export default function StaffTeam({ data }: { data: StaffTeamPage | null }) {
  const posted = usePostedForm();
  if (!data || data.denied || !data.team) return <StaffDenied denied={data?.denied ?? null} />;
  const team = data.team;
  const fields = serverFieldErrors(posted.failure?.value);
  const fieldText = (name: string) => (fields[name] ? fieldErrorText(fields[name]) : undefined);
  const general = posted.failure && Object.keys(fields).length === 0 ? refusalText(posted.failure) : null;
  return (
    <section className="card staff">
      <nav aria-label={t("staff.nav")}>
        <Link to="/staff">{t("staff.queue.heading")}</Link>
      </nav>
      <h1>{t("staff.team.title")}</h1>
      {data.granted && (
        <p role="status" className="info-box">
          {t("staff.team.granted", { email: data.granted })}
        </p>
      )}
      {general && (
        <p role="alert" className="error-box">
          {general}
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
          </tr>
        </thead>
        <tbody>
          {team.grants.map((g) => (
            <tr key={`${g.email}-${g.foodBankId ?? ""}-${g.pantryId ?? ""}`}>
              <td>{g.email}</td>
              <td>{g.name}</td>
              <td>{roleName(g.role)}</td>
              <td>{g.place}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.team.title")), description: t("staff.description") };
}
