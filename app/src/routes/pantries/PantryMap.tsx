// The pantry map (spec §2, §4, §9). Leaflet and its stylesheet are fetched only when this chunk
// mounts, so no other page pays for them; the list next to it remains the accessible way to choose.
import { useEffect, useRef } from "react";
import type { Map as LeafletMap, LayerGroup } from "leaflet";
import { t } from "../../i18n/t";
import {
  MAP_INITIAL_ZOOM,
  MAP_LOAD_MIN_ZOOM,
  MAP_LOADED_DELAY_MS,
  MAP_MAX_FIT_ZOOM,
  MAP_MOVE_DEBOUNCE_MS,
  MAP_VIEWPORT_RADIUS_FRACTION,
} from "../../lib/constants";
import { useConfig } from "../../shell/page-data";
import type { Pantry } from "../../lib/pantries";

declare const __LEAFLET_CSS__: string;

export interface MapView {
  lat: number;
  lng: number;
  zoom: number;
}

interface Props {
  lat: number;
  lng: number;
  radiusMiles: number;
  pantries: readonly Pantry[];
  /** The shopper started moving the map. */
  onMoveStart: () => void;
  /** The shopper's moves stopped MAP_MOVE_DEBOUNCE_MS ago; this is where the map rests. */
  onMoved: (view: MapView) => void;
}

const METERS_PER_MILE = 1609.344;

/** Resolves once the stylesheet applies (or failed: the map then still works, unstyled). */
function loadStylesheet(href: string): Promise<void> {
  const there = document.querySelector<HTMLLinkElement>(`link[href="${href}"]`);
  if (there?.sheet) return Promise.resolve();
  const link = there ?? document.createElement("link");
  const loaded = new Promise<void>((done) => {
    link.addEventListener("load", () => done(), { once: true });
    link.addEventListener("error", () => done(), { once: true });
  });
  if (!there) {
    link.rel = "stylesheet";
    link.href = href;
    document.head.appendChild(link);
  }
  return loaded;
}

function attribution(tileUrl: string): string {
  return tileUrl.includes("openstreetmap.org")
    ? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
    : "";
}

export default function PantryMap({ lat, lng, radiusMiles, pantries, onMoveStart, onMoved }: Props) {
  const { tileUrl } = useConfig();
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<{ map: LeafletMap; markers: LayerGroup; L: typeof import("leaflet") } | null>(null);
  // Events fired by our own setView/fitBounds arrive before this time and are not the shopper's.
  const quietUntil = useRef(0);
  const callbacks = useRef({ onMoveStart, onMoved });
  callbacks.current = { onMoveStart, onMoved };

  // Create the map once; it lives as long as the page, across reloads of the list.
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Leaflet's evaluation, the map's making and its tiles as tasks of their own: on a slow phone
    // together they were one long task holding the list's taps (issue 52). The map is made once
    // its stylesheet applies: unstyled, its controls moved when the sheet came.
    const yieldToTaps = () => new Promise((resume) => setTimeout(resume, 0));
    void Promise.all([import("leaflet"), loadStylesheet(__LEAFLET_CSS__)]).then(async ([mod]) => {
      await yieldToTaps();
      const L = (mod as unknown as { default?: typeof import("leaflet") }).default ?? mod;
      if (cancelled || !box.current) return;
      const m = L.map(box.current, { zoomControl: true, attributionControl: Boolean(tileUrl) });
      await yieldToTaps();
      if (cancelled) return;
      if (tileUrl) L.tileLayer(tileUrl, { attribution: attribution(tileUrl), maxZoom: 19 }).addTo(m);
      quietUntil.current = Date.now() + MAP_LOADED_DELAY_MS;
      m.setView([lat, lng], MAP_INITIAL_ZOOM, { animate: false });
      // Then frame 0.6 of the search radius, but never so far out that a move could not reload.
      const area = L.latLng(lat, lng).toBounds(2 * radiusMiles * MAP_VIEWPORT_RADIUS_FRACTION * METERS_PER_MILE);
      const zoom = Math.min(MAP_MAX_FIT_ZOOM, Math.max(MAP_LOAD_MIN_ZOOM, m.getBoundsZoom(area)));
      m.setView([lat, lng], zoom, { animate: false });
      const markers = L.layerGroup().addTo(m);
      map.current = { map: m, markers, L };
      // For tests and styles: the map is live, and its zoom.
      const el = box.current;
      el.dataset.ready = "true";
      el.dataset.zoom = String(m.getZoom());
      m.on("zoomend", () => {
        el.dataset.zoom = String(m.getZoom());
      });
      m.on("movestart", () => {
        if (Date.now() >= quietUntil.current) callbacks.current.onMoveStart();
      });
      m.on("moveend", () => {
        if (Date.now() < quietUntil.current) return;
        clearTimeout(timer);
        timer = setTimeout(() => {
          const c = m.getCenter();
          callbacks.current.onMoved({ lat: c.lat, lng: c.lng, zoom: m.getZoom() });
        }, MAP_MOVE_DEBOUNCE_MS);
      });
      drawMarkers();
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      map.current?.map.remove();
      map.current = null;
    };
    // The map is created for the first search only; later searches move it (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new search somewhere else (not one the map's own move asked for) re-centres the map.
  useEffect(() => {
    const m = map.current?.map;
    if (!m) return;
    const c = m.getCenter();
    if (Math.abs(c.lat - lat) > 1e-3 || Math.abs(c.lng - lng) > 1e-3) {
      quietUntil.current = Date.now() + MAP_LOADED_DELAY_MS;
      m.setView([lat, lng], m.getZoom(), { animate: false });
    }
  }, [lat, lng]);

  function drawMarkers() {
    const current = map.current;
    if (!current) return;
    const { L, markers } = current;
    markers.clearLayers();
    for (const p of pantries) {
      const a = p.address;
      if (a?.latitude == null || a.longitude == null) continue;
      L.circleMarker([a.latitude, a.longitude], { radius: 8, weight: 2, color: "#1b5e20", fillColor: "#43a047", fillOpacity: 0.9 })
        .bindTooltip(p.label)
        .addTo(markers);
    }
  }
  useEffect(drawMarkers, [pantries]);

  // The map keeps its own layout in right-to-left pages: north up, east to the right, and
  // Leaflet's controls where it puts them.
  return <div ref={box} className="pantry-map" dir="ltr" role="region" aria-label={t("pantries.map")} />;
}
