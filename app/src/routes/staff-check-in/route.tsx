export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { useCallback, useContext, useRef, useState } from "react";
import { addMessages, pageTitle, t } from "../../i18n/t";
import type { Meta } from "../../types";
import { orderNumber } from "../../lib/orders";
import { refusalText } from "../../lib/refusal";
import type { StaffCheckInPage } from "../../lib/api/pages";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { StaffUnavailable, actionName, stateName } from "../../ui/StaffParts";
import { Scanner } from "./Scanner";
import { Door } from "./Door";
import { useOffline } from "../../state/app";
import { FormPostContext } from "../../ui/form-post";
import type { Console } from "../../lib/api/pages";
import messages from "messages:staff";

addMessages(messages);

const native = () => undefined;

/**
 * /staff/check-in (volunteers see only this screen): find an order by the number the shopper
 * shows (typed, scanned by a USB scanner that types it and Enter, or read from its QR code with
 * the camera), or by name, and hand it over. One order found has the focus on its Check In, so
 * Enter confirms; after it the search is empty and focused for the next. Both forms work without
 * JavaScript; the Scan button needs it. With no connection, the door works on this device's copy
 * of the day (Door), and a scanned code is searched there.
 */
export default function StaffCheckIn({ data }: { data: StaffCheckInPage | null }) {
  const posted = usePostedForm();
  const search = useRef<HTMLFormElement>(null);
  const frame = (useContext(FormPostContext) as { console?: Console } | null)?.console;
  // Offline: no connection, or the volunteer chose this device's copy (a signal too weak to use).
  const [onCopy, setOnCopy] = useState(false);
  const online = !useOffline() && !onCopy;
  const [offlineCode, setOfflineCode] = useState("");
  // A scanned code is searched as a typed one is: posted, never in the address.
  const scanned = useCallback((code: string) => {
    if (!online) {
      setOfflineCode(code);
      return;
    }
    const form = search.current;
    if (!form) return;
    (form.elements.namedItem("search") as HTMLInputElement).value = code;
    form.requestSubmit();
  }, [online]);
  if (!data) return <StaffUnavailable />;
  // A search that found one order to hand over (a scanner types its number and Enter): its Check
  // In has the focus, so the next Enter confirms; otherwise the search has it, ready for the next.
  const handOver = data.matches.filter((o) => o.actions.includes("checkIn"));
  const ready = data.search && handOver.length === 1 ? handOver[0] : null;
  return (
    <section className="card staff">
      <h1>{t("staff.checkIn.title")}</h1>
      {posted.failure && (
        <p role="alert" className="error-box">
          {refusalText(posted.failure)}
        </p>
      )}
      {data.checkedIn != null && (
        <p role="status" className="info-box">
          {t("staff.checkIn.done", { number: orderNumber(data.checkedIn) })}
        </p>
      )}
      {online && (
      <PostForm intent="find" onSubmit={native} className="staff-filter" formRef={search}>
        <label>
          {t("staff.checkIn.search")}{" "}
          <input type="search" name="search" inputMode="text" autoComplete="off" defaultValue={data.search ?? ""} key={data.search ?? ""} autoFocus={!ready} />
        </label>
        <button type="submit" className="btn btn-primary">
          {t("staff.checkIn.find")}
        </button>
      </PostForm>
      )}
      <Scanner onCode={scanned} />
      {online && data.search && data.matches.length === 0 && <p role="status">{t("staff.checkIn.none")}</p>}
      <ul className="staff-matches" hidden={!online}>
        {data.matches.map((o) => (
          <li key={o.id}>
            <strong className="order-code">{orderNumber(o.id)}</strong> {o.shopperName} — {stateName(o.state)}
            {o.pantryLabel && ` — ${o.pantryLabel}`}
            {o.actions.includes("checkIn") && (
              <PostForm intent="checkIn" onSubmit={native}>
                <input type="hidden" name="order" value={o.id} />
                <button type="submit" className="btn btn-primary" autoFocus={ready?.id === o.id}>
                  {actionName("checkIn")}
                </button>
              </PostForm>
            )}
          </li>
        ))}
      </ul>
      {frame && <Door userId={frame.userID} pantry={frame.pantry ?? null} online={online} onCopy={onCopy} setOnCopy={setOnCopy} scanned={offlineCode} />}
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.checkIn.title")), description: t("staff.description") };
}
