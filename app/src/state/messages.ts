// Messages (spec §3 Message): what GET /messages returns, and their read state, kept on the device
// (and told to the server, for the shopper's other devices).
import { useEffect, useState } from "react";
import { markMessageRead } from "../lib/api/content";
import type { components } from "../lib/api/schema.gen";
import { sessionStore } from "./session";
import { read, write } from "./storage";

type Schemas = components["schemas"];

export type Notification = Schemas["Notification"];

/** The parts of an upcoming order its message shows. */
export type UpcomingOrder = Pick<Schemas["Order"], "id" | "pantryLocation" | "pantryLocationPickupTime" | "foodBankDeliveryTime">;

/** Upcoming orders first, then notifications. */
export type Message = Schemas["Message"];

export const messageKey = (m: Message) => `${m.type}-${m.data.id}`;

/** What the shopper's messages load under (useData's key): the path the call asks. */
export const messagesLoadKey = (foodBankCode: string | null | undefined) =>
  foodBankCode ? `/messages?foodBankCode=${encodeURIComponent(foodBankCode)}` : "/messages";

/** Drops entries of a kind this app does not know, so a newer server cannot break the list. */
export const knownMessages = (list: readonly Message[] | null | undefined): Message[] =>
  (list ?? []).filter((m) => m && (m.type === "notification" || m.type === "order") && m.data);

/** Which notifications are unread, and marking one read; the device's list is read after hydration. */
export function useReadState(): { isUnread: (m: Message) => boolean; markRead: (note: Notification) => void } {
  const [readIds, setReadIds] = useState<Array<string | number>>([]);
  useEffect(() => setReadIds(read("readMessages") ?? []), []);
  return {
    isUnread: (m) => m.type === "notification" && !m.isRead && !readIds.includes(m.data.id),
    markRead: (note) => {
      if (readIds.includes(note.id)) return;
      const next = [...readIds, note.id];
      setReadIds(next);
      write("readMessages", next);
      // A visitor's read state stays on the device: the server keeps it per account only.
      if (sessionStore.get().token) markMessageRead(note.id).catch(() => undefined);
    },
  };
}
