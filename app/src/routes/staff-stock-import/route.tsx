export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, type MessageKey } from "../../i18n/t";
import type { Meta } from "../../types";
import type { StaffStockImportPage } from "../../lib/api/pages";
import { refusalText } from "../../lib/refusal";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { StaffUnavailable } from "../../ui/StaffParts";
import { reasonName } from "../../ui/StockParts";
import messages from "messages:staff";

addMessages(messages);

const native = () => undefined;

/**
 * /staff/stock/import/{token}: an upload's preview, every row's change (before, after, why) and
 * every row's error, kept on the server; Apply posts here and applies exactly that upload, all or
 * nothing. Works without JavaScript.
 */
export default function StaffStockImport({ data }: { data: StaffStockImportPage | null }) {
  const posted = usePostedForm();
  if (!data) return <StaffUnavailable />;
  const p = data.preview;
  if (!p) {
    return (
      <section className="card staff">
        <h1>{t("staff.stock.previewTitle")}</h1>
        <p role="alert">{t("refusal.importGone")}</p>
        <Link to="/staff/stock">{t("staff.stock.back")}</Link>
      </section>
    );
  }
  const rowError = (code: string | null | undefined, fallback: string | null | undefined) => {
    if (!code) return "";
    const key = `refusal.${code}` as MessageKey;
    const text = t(key);
    return text === key ? (fallback ?? code) : text;
  };
  return (
    <section className="card staff">
      <p>
        <Link to={`/staff/stock?pantry=${p.pantryId}`}>{t("staff.stock.back")}</Link>
      </p>
      <h1>{t("staff.stock.previewTitle")}</h1>
      {posted.failure && (
        <p role="alert" className="error-box">
          {refusalText(posted.failure)}
        </p>
      )}
      {p.errors > 0 ? (
        <p role="alert" className="error-box">
          {t("staff.stock.previewErrors", { count: p.errors })}
        </p>
      ) : (
        <p role="status" className="info-box">
          {t("staff.stock.previewReady", { count: p.changes })}
        </p>
      )}
      <table className="staff-table import-preview">
        <thead>
          <tr>
            <th scope="col">{t("staff.stock.line")}</th>
            <th scope="col">{t("staff.stock.item")}</th>
            <th scope="col">{t("staff.stock.reason")}</th>
            <th scope="col">{t("staff.stock.before")}</th>
            <th scope="col">{t("staff.stock.after")}</th>
            <th scope="col">{t("staff.stock.error")}</th>
          </tr>
        </thead>
        <tbody>
          {p.rows.map((r) => (
            <tr key={r.line} data-line={r.line} className={r.error ? "row-error" : undefined}>
              <td>{r.line}</td>
              <td>{r.product ?? ""}</td>
              <td>{r.reason ? reasonName(r.reason) : ""}</td>
              <td>{r.before ?? ""}</td>
              <td>{r.after ?? ""}</td>
              <td>{rowError(r.error, r.errorMessage)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {p.errors === 0 && (
        <PostForm onSubmit={native}>
          <button type="submit" className="btn btn-primary">
            {t("staff.stock.apply")}
          </button>
        </PostForm>
      )}
      <p>
        <Link to={`/staff/stock?pantry=${p.pantryId}`}>{t("staff.stock.uploadAgain")}</Link>
      </p>
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.stock.previewTitle")), description: t("staff.description") };
}
