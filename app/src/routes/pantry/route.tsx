import { useState } from "react";
import { useNavigate } from "../../lib/router";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t } from "../../i18n/t";
import { formatDay, truncate } from "../../lib/format";
import type { Meta } from "../../types";
import { usePickupFlow } from "../../ui/PickupFlow";
import { addressLine, INSTRUCTIONS_MAX, timesByDay, type Pantry } from "../../lib/pantries";
import { timeLabel } from "../../lib/pickup-labels";
import { hasRoom } from "../../lib/seats";
import { Favorite } from "./Favorite";
import { Photos } from "./Photos";
import messages from "messages:pantries,pantry";
import type { PantryPage } from "../../lib/api/pages";

addMessages(messages);

export type PantryData = PantryPage;

function directionsUrl(p: Pantry): string {
  const a = p.address;
  const to = a?.latitude != null && a?.longitude != null ? `${a.latitude},${a.longitude}` : addressLine(p);
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(to)}`;
}

/** Pantry detail (spec §2): photos, favourite, address, directions, instructions, then a date and time to pick up. */
export default function PantryDetail({ data }: { data: PantryData }) {
  const navigate = useNavigate();
  const p = data.pantry;
  if (!p) {
    return (
      <section className="card">
        <h1>{data.error ? t("pantry.loadError") : t("pantry.notFound")}</h1>
        <Link to="/" className="btn btn-primary">
          {t("notFound.goHome")}
        </Link>
      </section>
    );
  }
  const goBack = (e: React.MouseEvent) => {
    // The previous page (the list the shopper came from) when there is one; the link otherwise.
    if (window.history.length > 1) {
      e.preventDefault();
      navigate(-1);
    }
  };
  return (
    <div className="pantry">
      <Photos pantry={p} />
      <section className="card">
        <h1>{p.label}</h1>
        <Favorite pantry={p} />
        <p>
          {/* An address is left-to-right data: isolated, a right-to-left page keeps its order. */}
          <bdi>{addressLine(p)}</bdi>
        </p>
        <a href={directionsUrl(p)} target="_blank" rel="noopener noreferrer">
          {t("pantry.getDirections")}
        </a>
        {p.pickupInstructions && <Instructions text={p.pickupInstructions} />}
        {(data.closedDays ?? []).map((c) => (
          <p key={`${c.firstDay}-${c.lastDay}`} className="info-box">
            {t("pantry.closed", { dates: c.firstDay === c.lastDay ? formatDay(c.firstDay) : `${formatDay(c.firstDay)}–${formatDay(c.lastDay)}`, reason: c.reason })}
          </p>
        ))}
      </section>
      <PickupChooser pantry={p} />
      <Link to="/pantries" className="btn" onClick={goBack}>
        {t("pantry.goBack")}
      </Link>
    </div>
  );
}

function Instructions({ text }: { text: string }) {
  const [more, setMore] = useState(false);
  const long = text.length > INSTRUCTIONS_MAX;
  return (
    <section aria-label={t("pantry.instructions")}>
      {/* Staff-written, in whatever language they wrote it: it sets its own direction. */}
      <p dir="auto">{more || !long ? text : truncate(text, INSTRUCTIONS_MAX)}</p>
      {long && (
        <button type="button" className="btn btn-small" aria-expanded={more} onClick={() => setMore(!more)}>
          {more ? t("pantry.showLess") : t("pantry.showMore")}
        </button>
      )}
    </section>
  );
}

/** Days with valid times only; a date auto-picks its first time (spec §4); confirm needs both. */
function PickupChooser({ pantry }: { pantry: Pantry }) {
  const days = timesByDay(pantry.pantryLocationPickupTimes ?? []);
  const [day, setDay] = useState<string | null>(null);
  const [timeId, setTimeId] = useState<number | null>(null);
  const flow = usePickupFlow();
  if (!days.length) return <p className="card">{t("pantry.noTimes")}</p>;
  const times = days.find((d) => d.day === day)?.times ?? [];
  const time = times.find((x) => x.id === timeId && hasRoom(x)) ?? null;
  return (
    <section className="card pickup-chooser">
      <h2 id="pickup-date">{t("pantry.pickupDate")}</h2>
      <div role="group" aria-labelledby="pickup-date" className="calendar">
        {days.map((d) => (
          <button
            key={d.day}
            type="button"
            className={`btn btn-small${d.day === day ? " btn-primary" : ""}`}
            aria-pressed={d.day === day}
            onClick={() => {
              setDay(d.day);
              setTimeId(d.times.find(hasRoom)?.id ?? null);
            }}
          >
            {formatDay(d.day)}
          </button>
        ))}
      </div>
      {day && (
        <label>
          {t("pantry.pickupTime")}{" "}
          <select value={timeId == null ? "" : String(timeId)} onChange={(e) => setTimeId(e.target.value ? Number(e.target.value) : null)}>
            <option value="">{t("pantry.chooseTime")}</option>
            {times.map((x) => (
              <option key={x.id} value={String(x.id)} disabled={!hasRoom(x)}>
                {hasRoom(x) ? timeLabel(x) : t("pantries.timeFull", { time: timeLabel(x) })}
              </option>
            ))}
          </select>
        </label>
      )}
      <div>
        <button type="button" className="btn btn-primary btn-lg" disabled={!time} onClick={() => time && flow.start(pantry, time)}>
          {t("pantry.confirm")}
        </button>
      </div>
      {flow.modals}
    </section>
  );
}

export function meta(data: PantryData | null): Meta {
  const p = data?.pantry;
  if (!p) return { title: pageTitle(t("pantry.notFound")), description: t("pantry.notFound") };
  return { title: pageTitle(p.label), description: t("pantry.description", { pantry: p.label, address: addressLine(p) }) };
}
