// The check-in page's copy of the day (issue 50): "Prepare for offline" takes the pantry's day onto
// this device; while online it is refreshed (every few minutes, and as the connection comes back,
// after what waited is sent); with no connection the door works on it (OfflineDoor). Actions the
// server refused are listed here, with what it said and the order's state on the server now.
import { useCallback, useEffect, useState } from "react";
import { t } from "../../i18n/t";
import { formatDay, formatTime } from "../../lib/format";
import { doorDay } from "../../lib/api/door";
import { refusalText } from "../../lib/refusal";
import { ApiFailure } from "../../lib/api/failure";
import { CHANGED, dismiss, keepDay, keptDay, queued, refusals, type KeptDay, type Queued, type Refused } from "../../lib/door/store";
import { syncDoor } from "../../lib/door/sync";
import { keepDoorPage } from "../../lib/door/forget";
import { actionName, stateName } from "../../ui/StaffParts";
import { OfflineDoor } from "./OfflineDoor";

/** How often the copy is refreshed while online. */
const REFRESH_MS = 5 * 60 * 1000;

const ACTIONS: Record<Refused["action"], string> = { checkIn: "checkIn", noShow: "markNoShow", household: "", visit: "" };

function refusedText(r: Refused): string {
  if (r.code) {
    const worded = refusalText(new ApiFailure(409, r.message, null, r.code));
    if (worded) return worded;
  }
  return r.message || t("staff.door.refusedPlain");
}

export function Door(props: { userId: number; pantry: number | null; online: boolean; onCopy: boolean; setOnCopy: (on: boolean) => void; scanned: string }) {
  const { userId, pantry, online, onCopy, setOnCopy, scanned } = props;
  const [kept, setKept] = useState<KeptDay | null>(null);
  const [queue, setQueue] = useState<Queued[]>([]);
  const [refused, setRefused] = useState<Refused[]>([]);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const read = useCallback(async () => {
    const day = await keptDay(userId);
    setKept(day);
    setQueue(await queued());
    setRefused(await refusals());
  }, [userId]);

  const prepare = useCallback(async () => {
    if (pantry == null) return;
    setBusy(true);
    try {
      await keepDay(await doorDay(pantry));
      setFailed(false);
      await keepDoorPage();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, [pantry]);

  useEffect(() => {
    void read();
    const onChange = () => void read();
    window.addEventListener(CHANGED, onChange);
    return () => window.removeEventListener(CHANGED, onChange);
  }, [read]);

  // Online with a copy: what waited goes first, then the copy is refreshed (and again every few minutes).
  const hasCopy = kept != null;
  useEffect(() => {
    if (!online || !hasCopy) return;
    void syncDoor().then(prepare);
    const timer = setInterval(() => void syncDoor().then(prepare), REFRESH_MS);
    return () => clearInterval(timer);
  }, [online, hasCopy, prepare]);

  return (
    <section className="door" aria-labelledby="door-title">
      <h2 id="door-title">{t("staff.door.title")}</h2>
      {kept ? (
        <p data-testid="door-ready">
          {t("staff.door.ready", { pantry: kept.day.pantryLabel, day: formatDay(kept.day.day) })}{" "}
          {t("staff.door.refreshed", { time: formatTime(kept.day.preparedAt) })}
        </p>
      ) : (
        <p>{t("staff.door.explain")}</p>
      )}
      {online && pantry != null && (
        <button type="button" className="btn" onClick={() => void prepare()} disabled={busy}>
          {kept ? t("staff.door.refresh") : t("staff.door.prepare")}
        </button>
      )}
      {kept && (online || onCopy) && (
        <button type="button" className="btn" aria-pressed={onCopy} onClick={() => setOnCopy(!onCopy)}>
          {t("staff.door.useCopy")}
        </button>
      )}
      {failed && (
        <p role="alert" className="error-box">
          {t("staff.door.prepareFailed")}
        </p>
      )}
      {!online && (
        <p role="status" className="info-box">
          {kept ? t(onCopy ? "staff.door.onCopy" : "staff.door.offline") : t("staff.door.offlineNone")}
        </p>
      )}
      {!online && kept && <OfflineDoor kept={kept} queue={queue} scanned={scanned} key={scanned} />}
      {refused.length > 0 && (
        <div className="door-refused">
          <h3>{t("staff.door.refusedTitle")}</h3>
          <ul>
            {refused.map((r) => (
              <li key={r.key}>
                <strong>{r.label}</strong> — {ACTIONS[r.action] ? actionName(ACTIONS[r.action]) : t(r.action === "visit" ? "staff.door.aVisit" : "staff.door.aHousehold")}:{" "}
                {refusedText(r)}
                {r.state && <> {t("staff.door.serverState", { state: stateName(r.state) })}</>}{" "}
                <button type="button" className="btn btn-small" onClick={() => void dismiss(r.key)}>
                  {t("staff.door.dismiss")}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
