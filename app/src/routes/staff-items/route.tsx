export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, type MessageKey } from "../../i18n/t";
import type { Meta } from "../../types";
import { refusalText } from "../../lib/refusal";
import { fieldErrorText, serverFieldErrors, type FieldCode } from "../../lib/forms";
import type { StaffItemsPage } from "../../lib/api/pages";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { PhotoForm } from "../../ui/PhotoForm";
import { StaffUnavailable } from "../../ui/StaffParts";
import messages from "messages:staff,account";

addMessages(messages);

/** Every form posts to this page (host/pages/staff_items.rs) or, for a photo, to
 * /staff/items/{id}/photo (host/http/files.rs); both answer 303 back here. */
const native = () => undefined;

type Items = NonNullable<StaffItemsPage["items"]>;
type Item = Items["items"][number];

const SAVED: Record<string, MessageKey> = {
  created: "staff.items.saved.created",
  updated: "staff.items.saved.updated",
  hidden: "staff.items.saved.hidden",
  shown: "staff.items.saved.shown",
  photo: "staff.items.saved.photo",
};
const SOURCES: Record<string, MessageKey> = {
  TEFAP: "staff.items.source.TEFAP",
  DONATED: "staff.items.source.DONATED",
  PURCHASED: "staff.items.source.PURCHASED",
};

function size(item: Item): string {
  return [item.amount ?? "", item.unit ?? ""].join(" ").trim();
}

/** The add and edit form's fields; `item` fills in the edited item's values. */
function ItemFields({ items, item, values, fields, prefix }: { items: Items; item?: Item; values: Record<string, string>; fields: Record<string, FieldCode>; prefix: string }) {
  const v = (name: string, fallback: string) => values[name] ?? fallback;
  const error = (name: string) =>
    fields[name] ? (
      <span id={`${prefix}-${name}-error`} className="field-error">
        {fieldErrorText(fields[name])}
      </span>
    ) : null;
  const described = (name: string) => (fields[name] ? { "aria-invalid": true as const, "aria-describedby": `${prefix}-${name}-error` } : {});
  const ownProduct = !item || !item.shared;
  return (
    <>
      <label>
        {t("staff.items.product")}
        <select name="productId" defaultValue={v("productId", item ? String(item.productId) : "")} {...described("productId")}>
          {!item && <option value="">{t("staff.items.newProduct")}</option>}
          {items.catalog.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        {error("productId")}
      </label>
      {ownProduct && (
        <fieldset>
          <legend>{item ? t("staff.items.productFields") : t("staff.items.newProductFields")}</legend>
          <label>
            {t("staff.items.nameEn")}
            <input name="name" maxLength={200} defaultValue={v("name", item?.name ?? "")} {...described("name")} />
            {error("name")}
          </label>
          <label>
            {t("staff.items.nameEs")}
            <input name="nameEs" lang="es" maxLength={200} defaultValue={v("nameEs", item?.nameEs ?? "")} {...described("nameEs")} />
            {error("nameEs")}
          </label>
          <label>
            {t("staff.items.amount")}
            <input name="amount" inputMode="decimal" defaultValue={v("amount", item?.amount != null ? String(item.amount) : "")} {...described("amount")} />
            {error("amount")}
          </label>
          <label>
            {t("staff.items.unit")}
            <select name="unitId" defaultValue={v("unitId", item?.unitId != null ? String(item.unitId) : "")} {...described("unitId")}>
              <option value="">{t("staff.items.none")}</option>
              {items.units.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
            </select>
            {error("unitId")}
          </label>
        </fieldset>
      )}
      <label>
        {t("staff.items.category")}
        <select name="categoryId" defaultValue={v("categoryId", item?.categoryId != null ? String(item.categoryId) : "")} {...described("categoryId")}>
          <option value="">{t("staff.items.none")}</option>
          {items.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        {error("categoryId")}
      </label>
      <label>
        {t("staff.items.source")}
        <select name="source" defaultValue={v("source", item?.source ?? "")} {...described("source")}>
          <option value="">{t("staff.items.none")}</option>
          {Object.entries(SOURCES).map(([code, key]) => (
            <option key={code} value={code}>
              {t(key)}
            </option>
          ))}
        </select>
        {error("source")}
      </label>
    </>
  );
}


/**
 * /staff/items (pantry staff and admins): a pantry's items with hide and show, a form adding an
 * item from the food bank's catalog or as a new product, the same form editing one, and its photo.
 * Works without JavaScript (post, 303 or 422).
 */
export default function StaffItems({ data }: { data: StaffItemsPage | null }) {
  const created = usePostedForm("create");
  const updated = usePostedForm("update");
  const toggled = [usePostedForm("hide"), usePostedForm("show")].find((p) => p.failure);
  if (!data?.items) return <StaffUnavailable />;
  const items = data.items;
  const pantry = items.pantries.find((p) => p.id === items.pantryId);
  const editing = items.items.find((i) => i.id === (updated.failure ? Number(updated.values.item) : data.edit));
  const general = [created, updated, toggled]
    .map((p) => p?.failure)
    .find((f) => f && Object.keys(serverFieldErrors(f.value)).length === 0);
  return (
    <section className="card staff">
      <h1>{t("staff.items.title", { pantry: pantry?.name ?? "" })}</h1>
      {items.pantries.length > 1 && (
        <form method="get" className="staff-filter">
          <label>
            {t("staff.items.pantry")}
            <select name="pantry" defaultValue={items.pantryId}>
              {items.pantries.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn btn-secondary">
            {t("staff.queue.show")}
          </button>
        </form>
      )}
      {data.saved && SAVED[data.saved] && (
        <p role="status" className="info-box">
          {t(SAVED[data.saved])}
        </p>
      )}
      {data.photoError && (
        <p role="alert" className="error-box">
          {t(`refusal.${data.photoError}` as MessageKey)}
        </p>
      )}
      {general && (
        <p role="alert" className="error-box">
          {refusalText(general)}
        </p>
      )}
      {editing && (
        <>
          <h2>{t("staff.items.edit", { name: editing.name })}</h2>
          {editing.photo && <img src={editing.photo} alt={editing.name} width={160} className="staff-photo" />}
          <PostForm onSubmit={native} intent="update" className="staff-form">
            <input type="hidden" name="item" value={editing.id} />
            <input type="hidden" name="pantry" value={items.pantryId} />
            <ItemFields items={items} item={editing} values={updated.values} fields={serverFieldErrors(updated.failure?.value)} prefix="edit" />
            <button type="submit" className="btn btn-primary">
              {t("staff.items.save")}
            </button>
          </PostForm>
          {editing.shared ? <p>{t("staff.items.sharedPhoto")}</p> : <PhotoForm action={`/staff/items/${editing.id}/photo`} pantryId={items.pantryId} />}
        </>
      )}
      <h2>{t("staff.items.list")}</h2>
      {items.items.length === 0 ? (
        <p>{t("staff.items.empty")}</p>
      ) : (
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">{t("staff.items.name")}</th>
              <th scope="col">{t("staff.items.size")}</th>
              <th scope="col">{t("staff.items.category")}</th>
              <th scope="col">{t("staff.items.source")}</th>
              <th scope="col">{t("staff.items.onHand")}</th>
              <th scope="col">{t("staff.items.shown")}</th>
              <th scope="col">{t("staff.items.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {items.items.map((item) => (
              <tr key={item.id} data-item={item.id}>
                <td>
                  {item.name}
                  {item.nameEs && (
                    <>
                      {" "}
                      <span lang="es">({item.nameEs})</span>
                    </>
                  )}
                </td>
                <td>{size(item)}</td>
                <td>{item.category ?? ""}</td>
                <td>{item.source && SOURCES[item.source] ? t(SOURCES[item.source]) : ""}</td>
                <td>{item.quantity}</td>
                <td>{item.active ? t("staff.items.active") : t("staff.items.hidden")}</td>
                <td>
                  <Link to={`/staff/items?pantry=${items.pantryId}&edit=${item.id}`} aria-label={t("staff.items.editOf", { name: item.name })}>
                    {t("staff.items.editLink")}
                  </Link>
                  <PostForm onSubmit={native} intent={item.active ? "hide" : "show"} className="staff-inline">
                    <input type="hidden" name="item" value={item.id} />
                    <input type="hidden" name="pantry" value={items.pantryId} />
                    <button type="submit" className="btn btn-secondary" aria-label={t(item.active ? "staff.items.hideOf" : "staff.items.showOf", { name: item.name })}>
                      {item.active ? t("staff.items.hide") : t("staff.items.show")}
                    </button>
                  </PostForm>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>{t("staff.items.add")}</h2>
      <PostForm onSubmit={native} intent="create" className="staff-form">
        <input type="hidden" name="pantry" value={items.pantryId} />
        <ItemFields items={items} values={created.values} fields={serverFieldErrors(created.failure?.value)} prefix="add" />
        <button type="submit" className="btn btn-primary">
          {t("staff.items.addButton")}
        </button>
      </PostForm>
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.items.heading")), description: t("staff.description") };
}
