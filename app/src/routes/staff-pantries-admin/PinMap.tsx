// The pantry's pin on a Leaflet map: dragging it fills the latitude and longitude fields (which
// are the form's, and work without this map). Leaflet and its stylesheet load only with this chunk.
import { useEffect, useRef } from "react";
import { t } from "../../i18n/t";
import { useConfig } from "../../shell/page-data";

declare const __LEAFLET_CSS__: string;

function loadStylesheet(href: string): void {
  if (document.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.appendChild(link);
}

export default function PinMap({ lat, lng, onMoved }: { lat: number; lng: number; onMoved: (lat: number, lng: number) => void }) {
  const { tileUrl } = useConfig();
  const box = useRef<HTMLDivElement>(null);
  const moved = useRef(onMoved);
  moved.current = onMoved;
  useEffect(() => {
    let cancelled = false;
    let remove: (() => void) | undefined;
    loadStylesheet(__LEAFLET_CSS__);
    void import("leaflet").then((mod) => {
      const L = (mod as unknown as { default?: typeof import("leaflet") }).default ?? mod;
      if (cancelled || !box.current) return;
      const m = L.map(box.current, { attributionControl: Boolean(tileUrl) }).setView([lat, lng], 15);
      if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19 }).addTo(m);
      const icon = L.divIcon({ className: "pin-marker", iconSize: [22, 22] });
      const pin = L.marker([lat, lng], { draggable: true, icon, keyboard: true, title: t("staff.pantriesAdmin.pin") }).addTo(m);
      pin.on("dragend", () => {
        const p = pin.getLatLng();
        moved.current(p.lat, p.lng);
      });
      box.current.dataset.ready = "true";
      remove = () => m.remove();
    });
    return () => {
      cancelled = true;
      remove?.();
    };
    // The map is made once; the fields, not the map, follow later typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <div ref={box} className="pantry-map pin-map" role="region" aria-label={t("staff.pantriesAdmin.map")} />;
}
