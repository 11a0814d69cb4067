import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "../../lib/router";
import { Link } from "../../ui/Link";
import type { PickupTime } from "../../entities";
import { addMessages, pageTitle, t } from "../../i18n/t";
import { selectionStore } from "../../state/selection";
import { useProfile } from "../../state/session";
import { read, write } from "../../state/storage";
import type { Meta } from "../../types";
import { Modal } from "../../ui/Modal";
import { PantryCard } from "./PantryCard";
import { usePickupFlow } from "../../ui/PickupFlow";
import { sortPantries, type Pantry, type PickupEntry, type SortOrder } from "../../lib/pantries";
import { timeLabel } from "../../lib/pickup-labels";
import { hasRoom } from "../../lib/seats";
import { formatDay } from "../../lib/format";
import { MAP_LOAD_MIN_ZOOM } from "../../lib/constants";
import { fetchPayload } from "../../shell/page-data";
import { useIdleInView } from "../../lib/useIdleInView";
import type { MapView } from "./PantryMap";
import messages from "messages:pantries";
import type { PantriesPage } from "../../lib/api/pages";

addMessages(messages);

const DeliveryFlow = lazy(() => import("../../ui/DeliverySwitch"));
const PantryMap = lazy(() => import("./PantryMap"));
const DistanceModal = lazy(async () => ({ default: (await import("./SearchModals")).DistanceModal }));
const ZipModal = lazy(async () => ({ default: (await import("./SearchModals")).ZipModal }));
const PickupOrDelivery = lazy(async () => ({ default: (await import("./SearchModals")).PickupOrDelivery }));

/** Asked once per visit to the app: leaving the choice and coming back does not ask again. */
let choiceAsked = false;

/** Where the map stands: its list is current, is waiting for a closer zoom, or is loading or failed. */
type MapNote = "none" | "zoomIn" | "loading" | "error";

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

export type PantriesData = PantriesPage;

/** The search as query parameters (zip when searched by zip, else the point). */
function searchQuery(d: PantriesData, changes: { radius?: number; sort?: SortOrder } = {}): string {
  const q: string[] = d.zip ? [`zip=${encodeURIComponent(d.zip)}`] : [`lat=${d.lat}`, `lng=${d.lng}`];
  const radius = changes.radius ?? d.radius;
  const sort = changes.sort ?? d.sort;
  if (radius !== d.radii[0]) q.push(`radius=${radius}`);
  if (sort !== "soonest") q.push(`sort=${sort}`);
  return `/pantries?${q.join("&")}`;
}

/** Pantry selector (spec §2, §4): the pantries near a zip or point, each with its pickup times. */
export default function Pantries({ data }: { data: PantriesData }) {
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;

  // No zip or point: the stored location, else home (spec §4).
  useEffect(() => {
    if (data.status !== "noLocation") return;
    const at = read("location");
    navigate(at ? `/pantries?lat=${at.lat}&lng=${at.lng}` : "/", { replace: true });
  }, [data.status, navigate]);
  useEffect(() => {
    if (data.status === "ok" && data.lat != null && data.lng != null) write("location", { lat: data.lat, lng: data.lng });
  }, [data.status, data.lat, data.lng]);

  if (data.status === "noLocation") {
    return (
      <section className="card">
        <p role="status">{t("pantries.locating")}</p>
        <Link to="/">{t("pantries.goHome")}</Link>
      </section>
    );
  }
  if (data.status === "badZip") {
    return (
      <section className="card">
        <h1>{t("pantries.badZip", { zip: data.zip })}</h1>
        <Link to="/" className="btn btn-primary">
          {t("pantries.changeLocationButton")}
        </Link>{" "}
        <a href={here} className="btn">
          {t("pantries.retry")}
        </a>
      </section>
    );
  }
  if (data.status === "error") {
    return (
      <section className="card">
        <h1>{t("pantries.loadError")}</h1>
        <a href={here} className="btn btn-primary">
          {t("pantries.tryAgain")}
        </a>
      </section>
    );
  }
  return <PantryList data={data} />;
}

function PantryList({ data: searched }: { data: PantriesData }) {
  const navigate = useNavigate();
  // A map move loads the pantries around the map's centre here, without a page navigation, so the
  // page keeps its scroll and focus; a new search from the router replaces it.
  const [moved, setMoved] = useState<PantriesData | null>(null);
  const [mapNote, setMapNote] = useState<MapNote>("none");
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // The list first: Leaflet, its stylesheet and the tiles wait until the browser is idle and the
  // map's (reserved) room is on screen.
  const mapSlot = useRef<HTMLDivElement>(null);
  const mapWanted = useIdleInView(mapSlot);
  useEffect(() => {
    setMoved(null);
    setMapNote("none");
  }, [searched]);
  const data = moved ?? searched;
  const [chosen, setChosen] = useState<{ pantry: Pantry; time: PickupTime } | null>(null);
  const [delivery, setDelivery] = useState(0);
  const [picking, setPicking] = useState<{ pantry: Pantry; entry: PickupEntry } | null>(null);
  const [modal, setModal] = useState<"distance" | "zip" | "choice" | null>(null);
  const profile = useProfile();
  const flow = usePickupFlow();

  // The page carries each food bank once (every card's is there); the cards name theirs.
  const banks = new Map(data.foodBanks.map((b) => [b.id, b]));
  const listed = data.pantries.map((p) => ({ ...p, foodBank: banks.get(p.foodBankID)! }));
  const enabled = listed.filter((p) => p.foodBank?.isEnabled !== false);
  const pantries = sortPantries(enabled, data.sort);
  const bigger = data.radii.find((r) => r > data.radius);
  const disabledBank = enabled.length === 0 ? listed[0]?.foodBank : undefined;

  // Delivery is offered when the signed-in shopper has it from a food bank with pantries here.
  const deliveryBanks = (profile?.foodBankIdsWithDeliveryEnabled as number[] | undefined) ?? [];
  const canDeliverHere = deliveryBanks.length > 0 && enabled.some((p) => deliveryBanks.includes(p.foodBankID));
  useEffect(() => {
    const sel = selectionStore.get();
    if (!canDeliverHere || choiceAsked || sel.pickupTime || sel.deliveryTime) return;
    choiceAsked = true;
    // A shopper who pressed Switch to Delivery before the profile arrived has answered already.
    if (delivery === 0) setModal("choice");
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canDeliverHere]);

  const mapMoved = async (view: MapView) => {
    if (view.zoom < MAP_LOAD_MIN_ZOOM) {
      setMapNote("zoomIn");
      return;
    }
    const url = searchQuery({ ...data, zip: "", lat: round4(view.lat), lng: round4(view.lng) });
    setMapNote("loading");
    try {
      const payload = await fetchPayload(url);
      const next = payload.data as PantriesData;
      if (payload.route !== "pantries" || next.status !== "ok") throw new Error(`pantries reload: ${next.status}`);
      setMoved(next);
      setMapNote("none");
      // The address bar follows the map so a reload or a shared link shows the same place.
      window.history.replaceState(window.history.state, "", url);
    } catch {
      setMapNote("error");
    }
  };

  return (
    <div className="pantries">
      <h1>{t("pantries.title")}</h1>
      <form method="get" action="/pantries" className="pantries-controls" onSubmit={(e) => e.preventDefault()}>
        {data.zip ? (
          <input type="hidden" name="zip" value={data.zip} />
        ) : (
          <>
            <input type="hidden" name="lat" value={String(data.lat)} />
            <input type="hidden" name="lng" value={String(data.lng)} />
          </>
        )}
        <label>
          {t("pantries.sort")}{" "}
          <select name="sort" value={data.sort} onChange={(e) => navigate(searchQuery(data, { sort: e.target.value as SortOrder }))}>
            <option value="soonest">{t("pantries.sortSoonest")}</option>
            <option value="closest">{t("pantries.sortClosest")}</option>
          </select>
        </label>{" "}
        {mounted ? (
          <button type="button" className="btn btn-small" onClick={() => setModal("distance")}>
            {t("pantries.distance")}: {t("pantries.miles", { miles: data.radius })}
          </button>
        ) : (
          // Before hydration (or without JavaScript) the GET form's select does the same; it is
          // kept narrow enough to share the row with Sort, as the button does, so nothing moves
          // when the button replaces it.
          <label className="pantries-radius">
            {t("pantries.distance")}{" "}
            <select name="radius" defaultValue={String(data.radius)}>
              {data.radii.map((r) => (
                <option key={r} value={String(r)}>
                  {t("pantries.miles", { miles: r })}
                </option>
              ))}
            </select>
          </label>
        )}{" "}
        {/* Without JavaScript the selects cannot navigate by themselves: submitting the GET form does. */}
        <noscript>
          <button type="submit" className="btn btn-small">
            {t("pantries.apply")}
          </button>
        </noscript>
      </form>

      <div className="pantry-map-slot" ref={mapSlot}>
        {mapWanted && data.lat != null && data.lng != null && (
          <Suspense fallback={null}>
            <PantryMap
              lat={data.lat}
              lng={data.lng}
              radiusMiles={data.radius}
              pantries={pantries}
              onMoveStart={() => setChosen(null)}
              onMoved={(view) => void mapMoved(view)}
            />
          </Suspense>
        )}
        {mapNote !== "none" && (
          <p className={`map-note${mapNote === "error" ? " map-note-error" : ""}`} role={mapNote === "error" ? "alert" : "status"}>
            {mapNote === "zoomIn" ? t("pantries.zoomIn") : mapNote === "loading" ? t("pantries.mapLoading") : t("pantries.sitesError")}
          </p>
        )}
      </div>

      <button type="button" className="btn" onClick={() => setDelivery((n) => n + 1)}>
        {t("pantries.switchToDelivery")}
      </button>
      {delivery > 0 && (
        <Suspense fallback={null}>
          <DeliveryFlow key={delivery} onClose={() => setDelivery(0)} />
        </Suspense>
      )}

      {disabledBank ? (
        <section className="card">
          <h2>{t("pantries.notAvailable")}</h2>
          {disabledBank.homePageUrl && <a href={disabledBank.homePageUrl}>{t("pantries.foodBankLink", { name: disabledBank.name ?? "" })}</a>}
        </section>
      ) : pantries.length === 0 ? (
        <p className="card">{t("pantries.noneFound")}</p>
      ) : (
        <ul className="pantry-list" aria-label={t("pantries.list")}>
          {pantries.map((p) => (
            <PantryCard
              key={p.id}
              pantry={p}
              chosen={chosen?.pantry.id === p.id ? chosen.time : null}
              onChoose={(time) => (time ? flow.choose(p, () => setChosen({ pantry: p, time })) : setChosen(null))}
              onPickFrom={(entry) => flow.choose(p, () => setPicking({ pantry: p, entry }))}
            />
          ))}
        </ul>
      )}

      <section className="card">
        <h2>{t("pantries.notFinding")}</h2>
        <ul>
          {bigger && (
            <li>
              <Link to={searchQuery(data, { radius: bigger })}>{t("pantries.biggerArea")}</Link>
            </li>
          )}
          <li>
            <Link
              to="/"
              onClick={(e) => {
                e.preventDefault();
                setModal("zip");
              }}
            >
              {t("pantries.changeLocation")}
            </Link>
          </li>
        </ul>
      </section>

      {chosen && (
        <div className="fab-slot">
          <button type="button" className="btn btn-primary btn-lg fab" onClick={() => flow.start(chosen.pantry, chosen.time)}>
            {t("pantries.pickUpHere")}
          </button>
        </div>
      )}
      {picking && (
        <TimePicker
          pantry={picking.pantry}
          entry={picking.entry}
          onClose={() => setPicking(null)}
          onPick={(time) => {
            setChosen({ pantry: picking.pantry, time });
            setPicking(null);
          }}
        />
      )}
      {flow.modals}
      {modal === "choice" ? (
        <Suspense fallback={null}>
          <PickupOrDelivery
            onPickup={() => setModal(null)}
            onDelivery={() => {
              setModal(null);
              setDelivery((n) => n + 1);
            }}
          />
        </Suspense>
      ) : modal && (
        <Suspense fallback={null}>
          {modal === "distance" ? (
            <DistanceModal
              radii={data.radii}
              radius={data.radius}
              onClose={() => setModal(null)}
              onPick={(radius) => {
                setModal(null);
                navigate(searchQuery(data, { radius }));
              }}
            />
          ) : (
            <ZipModal
              onClose={() => setModal(null)}
              onSearch={(query) => {
                setModal(null);
                navigate(`/pantries?${query}`);
              }}
            />
          )}
        </Suspense>
      )}
    </div>
  );
}

/** The times of a collapsed day; the first with room is preselected (spec §4), a full one cannot be chosen. */
function TimePicker({ pantry, entry, onClose, onPick }: { pantry: Pantry; entry: PickupEntry; onClose: () => void; onPick: (t: PickupTime) => void }) {
  const [id, setId] = useState(entry.times.find(hasRoom)?.id ?? null);
  const time = entry.times.find((x) => x.id === id && hasRoom(x));
  return (
    <Modal
      title={t("pantries.chooseTime")}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-primary" disabled={!time} onClick={() => time && onPick(time)}>
          {t("pantries.ok")}
        </button>
      }
    >
      <p>
        {pantry.label}: {formatDay(entry.day)}
      </p>
      <label>
        {t("pantries.pickupTime")}{" "}
        <select value={id == null ? "" : String(id)} onChange={(e) => setId(Number(e.target.value))}>
          {entry.times.map((x) => (
            <option key={x.id} value={String(x.id)} disabled={!hasRoom(x)}>
              {hasRoom(x) ? timeLabel(x) : t("pantries.timeFull", { time: timeLabel(x) })}
            </option>
          ))}
        </select>
      </label>
    </Modal>
  );
}

export function meta(data: PantriesData | null): Meta {
  if (data?.status === "badZip") return { title: pageTitle(t("pantries.title")), description: t("pantries.badZip", { zip: data.zip }) };
  return { title: pageTitle(t("pantries.title")), description: t("pantries.description") };
}
