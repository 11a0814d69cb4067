// The staff layout's count of the door's actions waiting on this device (issue 50), and the one
// place that sends them: as any staff page starts and as the connection comes back. It also drops
// the device's copy when it is another staff member's, or expired (keptDay).
import { useEffect, useState } from "react";
import { Link } from "./Link";
import { tn } from "../i18n/t";
import { CHANGED, keptDay, queued, refusals } from "../lib/door/store";
import { syncDoor } from "../lib/door/sync";

export function DoorQueue({ userId }: { userId: number }) {
  const [counts, setCounts] = useState({ waiting: 0, refused: 0 });
  useEffect(() => {
    let live = true;
    const read = async () => {
      await keptDay(userId);
      const [q, r] = await Promise.all([queued(), refusals()]);
      if (live) setCounts({ waiting: q.length, refused: r.length });
    };
    const online = () => void syncDoor();
    const changed = () => void read();
    void read().then(() => (navigator.onLine ? syncDoor() : undefined));
    window.addEventListener(CHANGED, changed);
    window.addEventListener("online", online);
    return () => {
      live = false;
      window.removeEventListener(CHANGED, changed);
      window.removeEventListener("online", online);
    };
  }, [userId]);
  if (counts.waiting === 0 && counts.refused === 0) return null;
  return (
    <p role="status" className="door-queue">
      {counts.waiting > 0 && <span data-testid="door-waiting">{tn("staff.door.waiting", counts.waiting)}</span>}{" "}
      {counts.refused > 0 && <Link to="/staff/check-in">{tn("staff.door.refusedCount", counts.refused)}</Link>}
    </p>
  );
}
