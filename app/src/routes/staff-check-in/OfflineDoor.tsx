// The door with no connection (issue 50): the search runs on the device's copy of the day; a
// check-in, a no-show, a new walk-in household and a walk-in visit are recorded on the device,
// each with its own key, and listed as waiting to send until the connection is back.
import { useState, type FormEvent } from "react";
import { t, tn } from "../../i18n/t";
import { orderNumber } from "../../lib/orders";
import { formatTime } from "../../lib/format";
import type { DoorHousehold, DoorOrder, DoorSend } from "../../lib/api/door";
import { enqueue, type KeptDay, type Queued } from "../../lib/door/store";
import { findHouseholds, findOrders } from "../../lib/door/match";
import { syncDoor } from "../../lib/door/sync";
import { TEFAP_BASES, actionName, basisName, stateName } from "../../ui/StaffParts";

/** A household of the directory, or one registered on this device (known by its key until sent). */
type Household = DoorHousehold & { key?: string };

const NEW_FIELDS = [
  ["firstName", "staff.households.firstName", "text", true],
  ["lastName", "staff.households.lastName", "text", true],
  ["postalCode", "staff.households.zip", "text", true],
  ["size", "staff.households.size", "number", true],
  ["birthDate", "staff.households.birthDate", "date", false],
  ["phone", "staff.households.phone", "tel", false],
] as const;

/** Queues an action with a key of its own and the time it happened, and tries to send; its key. */
async function record(send: Omit<DoorSend, "key" | "at">, label: string): Promise<string> {
  const full = { ...send, key: crypto.randomUUID(), at: new Date().toISOString() } as DoorSend;
  await enqueue({ send: full, label });
  void syncDoor();
  return full.key;
}

/** The households registered on this device and not yet sent, as the directory lists them. */
function queuedHouseholds(queue: Queued[]): Household[] {
  return queue.flatMap((q) => {
    const h = q.send.household;
    if (q.send.action !== "household" || !h) return [];
    const digits = (h.phone ?? "").replace(/\D/g, "");
    return [
      {
        id: 0,
        key: q.send.key,
        firstName: h.firstName ?? "",
        lastName: h.lastName ?? "",
        phoneEnd: digits.length >= 4 ? digits.slice(-4) : null,
        postalCode: h.postalCode ?? "",
        size: Number(h.size) || 0,
        tefap: "due",
      },
    ];
  });
}

export function OfflineDoor({ kept, queue, scanned }: { kept: KeptDay; queue: Queued[]; scanned: string }) {
  const [text, setText] = useState(scanned);
  const [visitFor, setVisitFor] = useState<Household | null>(null);
  const [adding, setAdding] = useState(false);
  const { day } = kept;
  const waiting = new Set(queue.flatMap((q) => (q.send.orderID != null ? [q.send.orderID] : [])));
  const orders = text.trim() ? findOrders(day.orders, text) : [];
  const households = text.trim() ? findHouseholds<Household>([...queuedHouseholds(queue), ...day.households], text) : [];

  const act = (o: DoorOrder, action: "checkIn" | "noShow") =>
    void record({ action, orderID: o.id }, `${orderNumber(o.id)} ${o.name}`).then(() => setText(""));

  return (
    <div className="door-offline">
      <label>
        {t("staff.door.search")}{" "}
        <input type="search" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" autoFocus />
      </label>
      {text.trim() && orders.length === 0 && households.length === 0 && <p role="status">{t("staff.door.noneFound")}</p>}
      {orders.length > 0 && (
        <ul className="staff-matches" aria-label={t("staff.door.orders")}>
          {orders.map((o) => (
            <li key={o.id}>
              <strong className="order-code">{orderNumber(o.id)}</strong> {o.name} — {formatTime(o.starts)}–{formatTime(o.ends)} —{" "}
              {tn("staff.door.units", o.units)} — {waiting.has(o.id) ? t("staff.door.waitingOne") : stateName(o.state)}
              {!waiting.has(o.id) && o.actions.includes("checkIn") && (
                <button type="button" className="btn btn-primary" onClick={() => act(o, "checkIn")}>
                  {actionName("checkIn")}
                </button>
              )}
              {!waiting.has(o.id) && o.actions.includes("markNoShow") && (
                <button type="button" className="btn" onClick={() => act(o, "noShow")}>
                  {actionName("markNoShow")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {households.length > 0 && (
        <ul className="staff-matches" aria-label={t("staff.door.households")}>
          {households.map((h) => (
            <li key={h.key ?? h.id}>
              <strong>
                {h.firstName} {h.lastName}
              </strong>{" "}
              — {h.postalCode}
              {h.phoneEnd && <> — {t("staff.door.phoneEnd", { digits: h.phoneEnd })}</>} — {tn("staff.door.people", h.size)}
              {h.key && <> — {t("staff.door.waitingOne")}</>}
              {h.tefap === "due" && !h.key && <> — {t("staff.door.tefapDue")}</>}
              <button type="button" className="btn" onClick={() => setVisitFor(h)}>
                {t("staff.door.recordVisit")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {visitFor && <VisitForm household={visitFor} signature={day.visitSignature} pantry={day.pantryID} done={() => setVisitFor(null)} />}
      {!adding && !visitFor && (
        <button type="button" className="btn" onClick={() => setAdding(true)}>
          {t("staff.door.newHousehold")}
        </button>
      )}
      {adding && (
        <NewHousehold
          pantry={day.pantryID}
          done={(h) => {
            setAdding(false);
            setVisitFor(h);
          }}
        />
      )}
    </div>
  );
}

function NewHousehold({ pantry, done }: { pantry: number; done: (h: Household | null) => void }) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const v = (name: string) => String(f.get(name) ?? "").trim();
    const household = { firstName: v("firstName"), lastName: v("lastName"), postalCode: v("postalCode"), size: v("size"), birthDate: v("birthDate"), phone: v("phone") };
    void record({ action: "household", pantryID: pantry, household }, `${v("firstName")} ${v("lastName")}`).then((key) =>
      done({ id: 0, key, firstName: v("firstName"), lastName: v("lastName"), phoneEnd: null, postalCode: v("postalCode"), size: Number(v("size")), tefap: "due" }),
    );
  };
  return (
    <form onSubmit={submit} className="door-form" aria-labelledby="door-new-title">
      <h3 id="door-new-title">{t("staff.door.newHousehold")}</h3>
      {NEW_FIELDS.map(([name, label, type, required]) => (
        <label key={name}>
          {t(label)}
          {required && <span aria-hidden="true"> *</span>}
          <input name={name} type={type} required={required} autoComplete="off" min={type === "number" ? 1 : undefined} max={type === "number" ? 30 : undefined} />
        </label>
      ))}
      <button type="submit" className="btn btn-primary">
        {t("staff.door.saveHousehold")}
      </button>{" "}
      <button type="button" className="btn" onClick={() => done(null)}>
        {t("staff.door.cancel")}
      </button>
    </form>
  );
}

function VisitForm({ household: h, signature, pantry, done }: { household: Household; signature: boolean; pantry: number; done: () => void }) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const v = (name: string) => String(f.get(name) ?? "").trim();
    const visit = { pounds: v("pounds"), tefapBasis: v("tefapBasis"), signedName: v("signedName") };
    const who = h.key ? { householdKey: h.key } : { householdID: h.id };
    void record({ action: "visit", pantryID: pantry, ...who, visit }, `${h.firstName} ${h.lastName}`).then(() => done());
  };
  return (
    <form onSubmit={submit} className="door-form" aria-labelledby="door-visit-title">
      <h3 id="door-visit-title">{t("staff.door.visitFor", { name: `${h.firstName} ${h.lastName}` })}</h3>
      <label>
        {t("staff.door.pounds")}
        <input name="pounds" type="number" inputMode="decimal" min={0.1} step="any" required />
      </label>
      <label>
        {t("staff.tefap.basis")}
        <select name="tefapBasis" defaultValue="">
          <option value="">{t("staff.households.basisNone")}</option>
          {TEFAP_BASES.map((b) => (
            <option key={b} value={b}>
              {basisName(b)}
            </option>
          ))}
        </select>
      </label>
      {signature && (
        <label>
          {t("staff.door.signedName")}
          <input name="signedName" type="text" required autoComplete="off" />
        </label>
      )}
      <button type="submit" className="btn btn-primary">
        {t("staff.door.saveVisit")}
      </button>{" "}
      <button type="button" className="btn" onClick={done}>
        {t("staff.door.cancel")}
      </button>
    </form>
  );
}
