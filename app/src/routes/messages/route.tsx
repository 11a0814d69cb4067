import { useState } from "react";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t } from "../../i18n/t";
import { useData } from "../../lib/useData";
import { loadMessages } from "../../lib/api/content";
import { knownMessages, messageKey, messagesLoadKey, useReadState, type Message, type Notification } from "../../state/messages";
import { useLoggedIn, useProfile } from "../../state/session";
import type { Meta } from "../../types";
import { MessageModal, upcomingOrderText } from "../../ui/MessageModal";
import messages from "messages:messages";
import type { MessagesPage } from "../../lib/api/pages";

addMessages(messages);

/** host/pages/messages.rs: the notifications, with the signed-in shopper's upcoming orders first. */
export type MessagesData = MessagesPage;

/**
 * The shopper's own list: signed in, their upcoming orders and their food bank's notifications
 * replace the visitor's list once loaded; a failure shows the error (spec §8).
 */
function useOwnMessages(data: MessagesData | null): { list: Message[]; error: boolean } {
  const loggedIn = useLoggedIn();
  const profile = useProfile();
  const code = (profile?.defaultFoodBank as { code?: string } | null | undefined)?.code ?? null;
  const own = useData(loggedIn ? messagesLoadKey(code) : null, () => loadMessages(code));
  if (own.data || own.error) return { list: knownMessages(own.data), error: own.error !== null };
  return { list: knownMessages(data?.messages), error: data?.error === true };
}

/** /messages (spec §2): notifications and upcoming orders; a notification opens its detail. */
export default function Messages({ data }: { data: MessagesData | null }) {
  const { list, error } = useOwnMessages(data);
  const { isUnread, markRead } = useReadState();
  const [open, setOpen] = useState<Notification | null>(null);

  const show = (note: Notification) => {
    setOpen(note);
    markRead(note);
  };

  return (
    <section className="card messages-page">
      <h1>{t("messages.title")}</h1>
      {error ? (
        <p role="alert" className="error-box">
          {t("messages.error")}
        </p>
      ) : list.length === 0 ? (
        <p>{t("messages.none")}</p>
      ) : (
        <ul className="message-list">
          {list.map((m) => (
            <li key={messageKey(m)} className={isUnread(m) ? "unread" : undefined}>
              {m.type === "order" ? (
                <OrderEntry order={m.data} />
              ) : (
                <button type="button" className="message-entry" onClick={() => show(m.data)}>
                  <strong className="message-title">
                    {m.data.title}
                    {isUnread(m) && <span className="message-new">{" " + t("home.messageNew")}</span>}
                  </strong>
                  {m.data.description && <span className="message-text">{m.data.description}</span>}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {open && <MessageModal note={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

function OrderEntry({ order }: { order: Parameters<typeof upcomingOrderText>[0] }) {
  const { title, time } = upcomingOrderText(order);
  return (
    <Link to={`/account/orders/${order.id}`} className="message-entry">
      <strong className="message-title">{title}</strong>
      {time && <span className="message-text">{time}</span>}
    </Link>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("messages.title")), description: t("messages.description") };
}
