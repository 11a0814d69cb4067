export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { useContext } from "react";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t } from "../../i18n/t";
import type { Meta } from "../../types";
import type { StaffStockPage } from "../../lib/api/pages";
import { fieldErrorText, serverFieldErrors } from "../../lib/forms";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { FormPostContext } from "../../ui/form-post";
import { StaffUnavailable } from "../../ui/StaffParts";
import { reasonName, signed, when } from "../../ui/StockParts";
import { refusalText } from "../../lib/refusal";
import messages from "messages:staff";

addMessages(messages);

const native = () => undefined;

/**
 * /staff/stock (pantry staff and admins): a pantry's items, one compact row each (on hand, held by
 * open orders, the low-stock level, the last movement), in one form receiving a delivery or a
 * shelf count (a number per line; the import's preview shows every change before one transaction
 * saves them all), the pantry's order-size limit, the CSV export and the import's upload (multipart to /staff/stock/import, which answers with the
 * preview page). Every form posts without JavaScript (303, or 422 with the refusal at its field).
 */
export default function StaffStock({ data }: { data: StaffStockPage | null }) {
  const csrf = useContext(FormPostContext)?.csrf;
  const sizePosted = usePostedForm("orderSize");
  const receivePosted = usePostedForm("receive");
  if (!data?.stock) return <StaffUnavailable />;
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
        <PostForm onSubmit={native} intent="receive" className="stock-receive" aria-describedby="receive-help">
          <h2>{t("staff.stock.receiveHeading")}</h2>
          <p id="receive-help">{t("staff.stock.receiveHelp")}</p>
          {receivePosted.failure && (
            <p role="alert" className="error-box">
              {refusalText(receivePosted.failure)}
            </p>
          )}
          <input type="hidden" name="pantry" value={s.pantryId} />
          <fieldset className="staff-choice">
            <legend>{t("staff.stock.receiveAs")}</legend>
            <label>
              <input type="radio" name="as" value="received" defaultChecked /> {t("staff.stock.asReceived")}
            </label>
            <label>
              <input type="radio" name="as" value="count" /> {t("staff.stock.asCount")}
            </label>
          </fieldset>
          <table className="staff-table stock-table">
            <thead>
              <tr>
                <th scope="col">{t("staff.stock.item")}</th>
                <th scope="col">{t("staff.stock.onHand")}</th>
                <th scope="col">{t("staff.stock.held")}</th>
                <th scope="col">{t("staff.stock.lowAtShort")}</th>
                <th scope="col">{t("staff.stock.last")}</th>
                <th scope="col">{t("staff.stock.unitsColumn")}</th>
              </tr>
            </thead>
            <tbody>
              {s.items.map((i) => (
                <tr key={i.id} data-item={i.id} className={i.lowAt != null && i.onHand <= i.lowAt ? "stock-low" : undefined}>
                  <td>
                    <Link to={`/staff/stock/${i.id}`}>{i.product}</Link>
                    {!i.isActive && ` (${t("staff.stock.hidden")})`}
                  </td>
                  <td data-on-hand data-label={t("staff.stock.onHand")}>
                    {i.onHand}
                  </td>
                  <td data-label={t("staff.stock.held")}>{i.held}</td>
                  <td data-label={t("staff.stock.lowAtShort")}>{i.lowAt ?? ""}</td>
                  <td data-label={t("staff.stock.last")}>
                    {i.lastMovement
                      ? `${reasonName(i.lastMovement.reason)} ${signed(i.lastMovement.delta)} · ${when(i.lastMovement.at)}`
                      : t("staff.stock.none")}
                  </td>
                  <td>
                    <input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      name={`units.${i.id}`}
                      className="stock-units"
                      aria-label={t("staff.stock.unitsOf", { item: i.product })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="staff-bulk-bar">
            <button type="submit" className="btn btn-primary">
              {t("staff.stock.previewChanges")}
            </button>
          </div>
          <p>{t("staff.stock.other")}</p>
        </PostForm>
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
