import { useState } from "react";
import { Link } from "../../ui/Link";
import type { PickupTime } from "../../entities";
import { t } from "../../i18n/t";
import { loadPickupTimes } from "../../lib/api/locations";
import { formatDay, round } from "../../lib/format";
import { addressLine, INITIAL_ENTRIES, pickupEntries, type PickupEntry } from "../../lib/pantries";
import type { PantryCard as Card } from "../../lib/api/pages";
import { entryLabel, timeLabel } from "../../lib/pickup-labels";
import { hasRoom } from "../../lib/seats";

interface Props {
  pantry: Card;
  chosen: PickupTime | null;
  /** A single-time entry was chosen (null: the chosen one again, which deselects). */
  onChoose: (time: PickupTime | null) => void;
  /** A collapsed day: its times go to the time picker. */
  onPickFrom: (entry: PickupEntry) => void;
}

/** One pantry of the list: name (link to its page), address, distance and its pickup-time entries. */
export function PantryCard({ pantry, chosen, onChoose, onPickFrom }: Props) {
  const [all, setAll] = useState(false);
  // The list carries only the times of each pantry's first entries (host/domain/pickup.rs);
  // View More fetches the rest.
  const [rest, setRest] = useState<PickupTime[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const entries = pickupEntries(rest ?? pantry.pantryLocationPickupTimes ?? []);
  const shown = all ? entries : entries.slice(0, INITIAL_ENTRIES);
  const viewMore = async () => {
    if (pantry.morePickupTimes && rest === null) {
      setBusy(true);
      setFailed(false);
      try {
        setRest(await loadPickupTimes(pantry.id));
      } catch {
        setBusy(false);
        setFailed(true);
        return;
      }
      setBusy(false);
    }
    setAll(true);
  };
  return (
    <li className="card pantry-card">
      <h2>
        <Link to={`/pantries/${pantry.id}`}>{pantry.label}</Link>
      </h2>
      <p>
        <bdi>{addressLine(pantry)}</bdi>
      </p>
      {pantry.distance != null && <p>{t("pantries.milesAway", { miles: round(pantry.distance, 1) })}</p>}
      {pantry.isRestricted && <p className="tag">{t("pantries.restricted")}</p>}
      {entries.length === 0 ? (
        <p>{t("pantries.noTimes")}</p>
      ) : (
        <ul className="pickup-entries" aria-label={t("pantries.pickupTimes", { pantry: pantry.label })}>
          {shown.map((e) => {
            const single = e.times.length === 1;
            const pressed = chosen != null && e.times.some((x) => x.id === chosen.id);
            // A full time (or a day all of whose times are full) is shown, as Full, and cannot be chosen.
            const full = !e.times.some(hasRoom);
            const label = single ? `${formatDay(e.day)} ${timeLabel(e.times[0])}` : entryLabel(e);
            return (
              <li key={e.key}>
                <button
                  type="button"
                  className={`btn btn-small${pressed ? " btn-primary" : ""}`}
                  aria-pressed={pressed}
                  // A collapsed day opens the time picker.
                  aria-haspopup={single ? undefined : "dialog"}
                  disabled={full}
                  onClick={() => (single ? onChoose(pressed ? null : e.times[0]) : onPickFrom(e))}
                >
                  {full ? t("pantries.timeFull", { time: label }) : label}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {!all && (entries.length > INITIAL_ENTRIES || pantry.morePickupTimes) && (
        <button type="button" className="btn btn-small" aria-disabled={busy} onClick={() => void (busy || viewMore())}>
          {t("pantries.viewMore")}
        </button>
      )}
      {failed && <p role="alert">{t("pantries.loadError")}</p>}
    </li>
  );
}
