import { t } from "../i18n/t";
import { formatDay, formatTime } from "../lib/format";
import type { Notification, UpcomingOrder } from "../state/messages";
import { Modal } from "./Modal";

function when(day: string, start: string, end: string): string {
  return t("home.orderWhen", { day: formatDay(day), start: formatTime(start), end: formatTime(end) });
}

/** An upcoming order as a message: where (or that it is a delivery) and when. */
export function upcomingOrderText(order: UpcomingOrder): { title: string; time: string } {
  const pickup = order.pantryLocationPickupTime;
  const delivery = order.foodBankDeliveryTime;
  const title = pickup ? t("home.upcomingPickup", { site: order.pantryLocation?.label ?? "" }) : t("home.upcomingDelivery");
  const time = pickup
    ? when(pickup.pickupDay, pickup.pickupStartTime, pickup.pickupEndTime)
    : delivery
      ? when(delivery.deliveryDay, delivery.deliveryStartTime, delivery.deliveryEndTime)
      : "";
  return { title, time };
}

/** A notification's detail (spec §2 messages detail modal). */
export function MessageModal({ note, onClose }: { note: Notification; onClose: () => void }) {
  return (
    <Modal title={note.title} onClose={onClose} className="message-modal">
      {/* The host sanitises details (spec §3 Message: HTML); nothing else here is HTML. */}
      {note.details ? <div className="message-details" dangerouslySetInnerHTML={{ __html: note.details }} /> : note.description && <p>{note.description}</p>}
    </Modal>
  );
}
