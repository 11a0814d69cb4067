export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { useContext } from "react";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t } from "../../i18n/t";
import type { Meta } from "../../types";
import type { StaffStockPage } from "../../lib/api/pages";
import { fieldErrorText, serverFieldErrors } from "../../lib/forms";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { FormPostContext } from "../../ui/form-post";
import { StaffDenied } from "../../ui/StaffParts";
import { StockEntryForm, reasonName, signed, when } from "../../ui/StockParts";
import messages from "messages:staff";

addMessages(messages);

const native = () => undefined;

/**
 * /staff/stock (pantry staff and admins): a pantry's items with on hand, held by open orders and
 * the last movement, a form per item recording stock in or out, the pantry's order-size limit, the
 * CSV export and the import's upload (multipart to /staff/stock/import, which answers with the
 * preview page). Every form posts without JavaScript (303, or 422 with the refusal at its field).
 */
export default function StaffStock({ data }: { data: StaffStockPage | null }) {
  const csrf = useContext(FormPostContext)?.csrf;
  const sizePosted = usePostedForm("orderSize");
  if (!data || data.denied || !data.stock) return <StaffDenied denied={data?.denied ?? null} />;
  const s = data.stock;
  const pantry = s.pantries.find((p) => p.id === s.pantryId);
  const sizeFields = serverFieldErrors(sizePosted.failure?.value);
  return (
    <section className="card staff">
      <h1>{t("staff.stock.heading", { pantry: pantry?.name ?? "" })}</h1>
      {data.done === "saved" && (
        <p role="status" className="info-box">
          {t("staff.stock.saved")}
        </p>
      )}
      {data.done === "imported" && (
        <p role="status" className="info-box">
          {t("staff.stock.imported", { count: data.changed ?? 0 })}
        </p>
      )}
      {s.pantries.length > 1 && (
        <form method="get" action="/staff/stock" className="staff-filter">
          <label>
            {t("staff.stock.pantry")}
            <select name="pantry" defaultValue={s.pantryId}>
              {s.pantries.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn">
            {t("staff.stock.show")}
          </button>
        </form>
      )}
      <form method="get" action="/staff/stock" className="staff-filter" role="search">
        <input type="hidden" name="pantry" value={s.pantryId} />
        <label>
          {t("staff.stock.search")}
          <input type="search" name="q" defaultValue={data.search ?? ""} />
        </label>
        <button type="submit" className="btn">
          {t("staff.stock.find")}
        </button>
      </form>
      {data.pages > 1 && <Pager data={data} pantryId={s.pantryId} />}
      {s.items.length === 0 ? (
        <p>{t("staff.stock.noItems")}</p>
      ) : (
        <table className="staff-table stock-table">
          <thead>
            <tr>
              <th scope="col">{t("staff.stock.item")}</th>
              <th scope="col">{t("staff.stock.onHand")}</th>
              <th scope="col">{t("staff.stock.held")}</th>
              <th scope="col">{t("staff.stock.last")}</th>
              <th scope="col">{t("staff.stock.record")}</th>
            </tr>
          </thead>
          <tbody>
            {s.items.map((i) => (
              <tr key={i.id} data-item={i.id}>
                <td>
                  <Link to={`/staff/stock/${i.id}`}>{i.product}</Link>
                  {!i.isActive && ` (${t("staff.stock.hidden")})`}
                </td>
                <td data-on-hand>
                  <span className="stock-label">{t("staff.stock.onHand")}: </span>
                  {i.onHand}
                </td>
                <td>
                  <span className="stock-label">{t("staff.stock.held")}: </span>
                  {i.held}
                </td>
                <td>
                  {i.lastMovement
                    ? `${reasonName(i.lastMovement.reason)} ${signed(i.lastMovement.delta)} · ${when(i.lastMovement.at)}`
                    : t("staff.stock.none")}
                </td>
                <td>
                  <StockEntryForm item={i.id} product={i.product} moveKey={data.moveKey} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {data.pages > 1 && <Pager data={data} pantryId={s.pantryId} />}

      <h2>{t("staff.stock.orderSize")}</h2>
      <PostForm onSubmit={native} intent="orderSize" className="staff-filter">
        <input type="hidden" name="pantry" value={s.pantryId} />
        <label>
          {t("staff.stock.orderSize")}
          <input
            type="number"
            name="value"
            min={0}
            inputMode="numeric"
            defaultValue={sizePosted.failure ? sizePosted.values.value : (s.orderSizeLimit?.value ?? "")}
            aria-invalid={sizeFields.value ? true : undefined}
            aria-describedby={sizeFields.value ? "order-size-error" : "order-size-help"}
          />
          {sizeFields.value && (
            <span id="order-size-error" className="field-error" role="alert">
              {fieldErrorText(sizeFields.value)}
            </span>
          )}
        </label>
        <button type="submit" className="btn">
          {t("staff.stock.save")}
        </button>
      </PostForm>
      <p id="order-size-help">{t("staff.stock.orderSizeHelp")}</p>

      <h2>{t("staff.stock.import")}</h2>
      {data.uploadRefused && (
        <p role="alert" className="error-box">
          {t(data.uploadRefused === "importTooLarge" ? "refusal.importTooLarge" : "refusal.importNotCsv")}
        </p>
      )}
      <p id="import-help">{t("staff.stock.importHelp")}</p>
      <form method="post" action="/staff/stock/import" encType="multipart/form-data" className="staff-filter" aria-describedby="import-help">
        <input type="hidden" name="csrf" value={csrf ?? ""} />
        <input type="hidden" name="pantry" value={s.pantryId} />
        <label>
          {t("staff.stock.file")}
          <input type="file" name="file" accept=".csv,text/csv,text/plain" />
        </label>
        <label>
          {t("staff.stock.paste")}
          <textarea name="csv" rows={3} />
        </label>
        <button type="submit" className="btn btn-primary">
          {t("staff.stock.preview")}
        </button>
      </form>
      <p>
        <a className="btn" href={`/staff/stock.csv?pantry=${s.pantryId}`} download>
          {t("staff.stock.export")}
        </a>
      </p>
    </section>
  );
}

/** Links to the list's other pages (the search kept). */
function Pager({ data, pantryId }: { data: StaffStockPage; pantryId: number }) {
  const to = (page: number) => {
    const q = new URLSearchParams({ pantry: String(pantryId), page: String(page) });
    if (data.search) q.set("q", data.search);
    return `/staff/stock?${q.toString()}`;
  };
  return (
    <nav aria-label={t("staff.stock.pageOf", { page: data.page, pages: data.pages, count: data.matching })} className="staff-actions">
      {data.page > 1 && <Link to={to(data.page - 1)}>{t("staff.stock.prev")}</Link>}{" "}
      <span>{t("staff.stock.pageOf", { page: data.page, pages: data.pages, count: data.matching })}</span>{" "}
      {data.page < data.pages && <Link to={to(data.page + 1)}>{t("staff.stock.next")}</Link>}
    </nav>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.stock.title")), description: t("staff.description") };
}
