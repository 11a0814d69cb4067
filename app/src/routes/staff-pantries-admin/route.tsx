export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { lazy, Suspense, useState } from "react";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, type MessageKey } from "../../i18n/t";
import type { Meta } from "../../types";
import { refusalText } from "../../lib/refusal";
import { fieldErrorText, serverFieldErrors, type FieldCode } from "../../lib/forms";
import type { StaffPantriesAdminPage } from "../../lib/api/pages";
import { PostForm, usePostedAmong, usePostedForm } from "../../ui/PostForm";
import { PhotoForm } from "../../ui/PhotoForm";
import { StaffUnavailable } from "../../ui/StaffParts";
import messages from "messages:staff,account";

addMessages(messages);

// Leaflet loads only once the page is live; the latitude and longitude fields work without it.
const PinMap = lazy(() => import("./PinMap"));

/** Every form posts to this page (host/pages/staff_pantries_admin.rs), which answers 303 back here. */
const native = () => undefined;

type Data = NonNullable<StaffPantriesAdminPage["pantries"]>;
type Pantry = Data["pantries"][number];

const SAVED: Record<string, MessageKey> = {
  created: "staff.pantriesAdmin.saved.created",
  updated: "staff.pantriesAdmin.saved.updated",
  deactivated: "staff.pantriesAdmin.saved.deactivated",
  activated: "staff.pantriesAdmin.saved.activated",
  photo: "staff.pantriesAdmin.saved.photo",
};

/** Codes the account catalog does not word. */
const OWN_ERRORS: Record<string, MessageKey> = {
  choice: "staff.pantriesAdmin.error.timeZone",
};

function PantryFields({ data, pantry, values, fields, prefix }: { data: Data; pantry?: Pantry; values: Record<string, string>; fields: Record<string, FieldCode>; prefix: string }) {
  const posted = Object.keys(values).length > 0;
  const v = (name: string, fallback: string) => values[name] ?? fallback;
  const checked = (name: string, fallback: boolean) => (posted ? Boolean(values[name]) : fallback);
  const [lat, setLat] = useState(v("latitude", pantry ? String(pantry.latitude) : ""));
  const [lng, setLng] = useState(v("longitude", pantry ? String(pantry.longitude) : ""));
  const [live, setLive] = useState(false);
  const error = (name: string) =>
    fields[name] ? (
      <span id={`${prefix}-${name}-error`} className="field-error">
        {name === "timeZone" && OWN_ERRORS[fields[name]] ? t(OWN_ERRORS[fields[name]]) : fieldErrorText(fields[name])}
      </span>
    ) : null;
  const described = (name: string) => (fields[name] ? { "aria-invalid": true as const, "aria-describedby": `${prefix}-${name}-error` } : {});
  const text = (name: string, label: MessageKey, fallback: string, extra: Record<string, unknown> = {}) => (
    <label>
      {t(label)}
      <input name={name} defaultValue={v(name, fallback)} {...extra} {...described(name)} />
      {error(name)}
    </label>
  );
  const tz = data.foodBanks[0]?.timeZone ?? "America/New_York";
  return (
    <>
      {!pantry && data.foodBanks.length > 1 && (
        <label>
          {t("staff.pantriesAdmin.foodBank")}
          <select name="foodBank" defaultValue={v("foodBank", "")}>
            {data.foodBanks.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {text("name", "staff.pantriesAdmin.name", pantry?.name ?? "", { maxLength: 120, required: true })}
      {text("addressLine1", "staff.pantriesAdmin.address", pantry?.addressLine1 ?? "", { maxLength: 200, required: true, autoComplete: "off" })}
      {text("city", "staff.pantriesAdmin.city", pantry?.city ?? "", { maxLength: 100 })}
      {text("zip", "staff.pantriesAdmin.zip", pantry?.zip ?? "", { inputMode: "numeric", maxLength: 5, required: true })}
      {text("timeZone", "staff.pantriesAdmin.timeZone", pantry?.timeZone ?? tz, { maxLength: 64, required: true })}
      {text("phone", "staff.pantriesAdmin.phone", pantry?.phone ?? "", { type: "tel", maxLength: 20, placeholder: "(614) 555-0100" })}
      <label>
        {t("staff.pantriesAdmin.instructions")}
        <textarea name="instructions" maxLength={1000} defaultValue={v("instructions", pantry?.instructions ?? "")} {...described("instructions")} />
        {error("instructions")}
      </label>
      <fieldset>
        <legend>{t("staff.pantriesAdmin.place")}</legend>
        <p>{t("staff.pantriesAdmin.placeHelp")}</p>
        <label>
          {t("staff.pantriesAdmin.latitude")}
          <input name="latitude" inputMode="decimal" value={lat} onChange={(e) => setLat(e.target.value)} {...described("latitude")} />
          {error("latitude")}
        </label>
        <label>
          {t("staff.pantriesAdmin.longitude")}
          <input name="longitude" inputMode="decimal" value={lng} onChange={(e) => setLng(e.target.value)} {...described("longitude")} />
          {error("longitude")}
        </label>
        {pantry &&
          (live ? (
            <Suspense fallback={null}>
              <PinMap
                lat={Number(lat) || pantry.latitude}
                lng={Number(lng) || pantry.longitude}
                onMoved={(la, ln) => {
                  setLat(la.toFixed(6));
                  setLng(ln.toFixed(6));
                }}
              />
            </Suspense>
          ) : (
            <button type="button" className="btn btn-secondary" onClick={() => setLive(true)}>
              {t("staff.pantriesAdmin.showMap")}
            </button>
          ))}
      </fieldset>
      <fieldset>
        <legend>{t("staff.pantriesAdmin.offers")}</legend>
        <label className="check">
          <input type="checkbox" name="pickup" defaultChecked={checked("pickup", pantry?.pickup ?? true)} {...described("pickup")} /> {t("staff.pantriesAdmin.pickup")}
        </label>
        <label className="check">
          <input type="checkbox" name="delivery" defaultChecked={checked("delivery", pantry?.delivery ?? false)} /> {t("staff.pantriesAdmin.delivery")}
        </label>
        {error("pickup")}
        <label className="check">
          <input type="checkbox" name="restricted" defaultChecked={checked("restricted", pantry?.restricted ?? false)} /> {t("staff.pantriesAdmin.restricted")}
        </label>
      </fieldset>
    </>
  );
}

/**
 * /staff/pantries-admin (food bank admins): the food bank's pantries with deactivate and activate,
 * a form adding a pantry (placed at its ZIP's centre) and the same form editing one, whose pin can
 * be dragged on the map, with a form adding a photo. Works without JavaScript (post, 303 or 422).
 */
export default function StaffPantriesAdmin({ data }: { data: StaffPantriesAdminPage | null }) {
  const created = usePostedForm("create");
  const updated = usePostedForm("update");
  const toggled = usePostedAmong(["deactivate", "activate"]);
  if (!data?.pantries) return <StaffUnavailable />;
  const list = data.pantries;
  const editing = list.pantries.find((p) => p.id === (updated.failure ? Number(updated.values.pantry) : data.edit));
  const general = [created, updated, toggled].map((p) => p.failure).find((f) => f && Object.keys(serverFieldErrors(f.value)).length === 0);
  return (
    <section className="card staff">
      <h1>{t("staff.pantriesAdmin.title")}</h1>
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
          <h2>{t("staff.pantriesAdmin.edit", { name: editing.name })}</h2>
          {editing.photos.map((src) => (
            <img key={src} src={src} alt={editing.name} width={160} className="staff-photo" />
          ))}
          <PostForm onSubmit={native} intent="update" className="staff-form">
            <input type="hidden" name="pantry" value={editing.id} />
            <PantryFields key={`edit-${editing.id}`} data={list} pantry={editing} values={updated.values} fields={serverFieldErrors(updated.failure?.value)} prefix="edit" />
            <button type="submit" className="btn btn-primary">
              {t("staff.pantriesAdmin.save")}
            </button>
          </PostForm>
          <PhotoForm action={`/staff/pantries-admin/${editing.id}/photo`} />
          <p>
            <Link to={`/pantries/${editing.id}`}>{t("staff.pantriesAdmin.view")}</Link>
          </p>
        </>
      )}
      <h2>{t("staff.pantriesAdmin.list")}</h2>
      <table className="staff-table">
        <thead>
          <tr>
            <th scope="col">{t("staff.pantriesAdmin.name")}</th>
            <th scope="col">{t("staff.pantriesAdmin.address")}</th>
            <th scope="col">{t("staff.pantriesAdmin.access")}</th>
            <th scope="col">{t("staff.pantriesAdmin.state")}</th>
            <th scope="col">{t("staff.pantriesAdmin.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {list.pantries.map((p) => (
            <tr key={p.id} data-pantry={p.id}>
              <td>{p.name}</td>
              <td>{[p.addressLine1, p.city, `${p.state} ${p.zip}`].filter(Boolean).join(", ")}</td>
              <td>{p.restricted ? t("staff.pantriesAdmin.restrictedShort") : t("staff.pantriesAdmin.open")}</td>
              <td>{p.active ? t("staff.pantriesAdmin.active") : t("staff.pantriesAdmin.inactive")}</td>
              <td>
                <Link to={`/staff/pantries-admin?edit=${p.id}`} aria-label={t("staff.pantriesAdmin.editOf", { name: p.name })}>
                  {t("staff.pantriesAdmin.editLink")}
                </Link>
                <PostForm onSubmit={native} intent={p.active ? "deactivate" : "activate"} className="staff-inline">
                  <input type="hidden" name="pantry" value={p.id} />
                  <button type="submit" className="btn btn-secondary" aria-label={t(p.active ? "staff.pantriesAdmin.deactivateOf" : "staff.pantriesAdmin.activateOf", { name: p.name })}>
                    {p.active ? t("staff.pantriesAdmin.deactivate") : t("staff.pantriesAdmin.activate")}
                  </button>
                </PostForm>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t("staff.pantriesAdmin.add")}</h2>
      <PostForm onSubmit={native} intent="create" className="staff-form">
        <PantryFields key="add" data={list} values={created.values} fields={serverFieldErrors(created.failure?.value)} prefix="add" />
        <button type="submit" className="btn btn-primary">
          {t("staff.pantriesAdmin.addButton")}
        </button>
      </PostForm>
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.pantriesAdmin.title")), description: t("staff.description") };
}
