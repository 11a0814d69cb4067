// The signed-in parts of home (spec §2): the messages carousel and the default food bank's product
// carousel. A separate chunk, loaded only once a session token is present, so the signed-out home
// (what the server renders and caches for everyone) does not download them.
import { useEffect, useId, useState, type FocusEvent } from "react";
import { Link } from "../Link";
import { t } from "../../i18n/t";
import { useData } from "../../lib/useData";
import { loadMessages } from "../../lib/api/content";
import { loadInventoryOverview } from "../../lib/api/foodbanks";
import { formatDay, formatTime } from "../../lib/format";
import { knownMessages, messageKey, messagesLoadKey, useReadState, type Message, type Notification, type UpcomingOrder } from "../../state/messages";
import { MessageModal, upcomingOrderText } from "../MessageModal";
import { useReducedMotion } from "../useReducedMotion";

/** Spec §9: the messages carousel moves on every 3000 ms while it holds more than one message. */
export const MESSAGES_AUTOPLAY_MS = 3000;


function OrderSlide({ order }: { order: UpcomingOrder }) {
  const { title, time } = upcomingOrderText(order);
  return (
    <Link to={`/account/orders/${order.id}`} className="message-slide">
      <strong className="message-title">{title}</strong>
      {time && <span className="message-text">{time}</span>}
    </Link>
  );
}

interface SlideProps {
  message: Message;
  /** "2 of 5" */
  label: string;
  unread: boolean;
  onOpen: (note: Notification, unread: boolean) => void;
}

/** The one slide in the page: the others would need hiding that a stylesheet could undo. */
function Slide({ message: m, label, unread, onOpen }: SlideProps) {
  return (
    <div role="group" aria-roledescription="slide" aria-label={label} className={`carousel-slide${unread ? " unread" : ""}`}>
      {m.type === "order" ? (
        <OrderSlide order={m.data} />
      ) : (
        <button type="button" className="message-slide" onClick={() => onOpen(m.data, unread)}>
          <strong className="message-title">
            {m.data.title}
            {unread && <span className="message-new">{" " + t("home.messageNew")}</span>}
          </strong>
          {m.data.description && <span className="message-text">{m.data.description}</span>}
        </button>
      )}
    </div>
  );
}

export interface MessagesProps {
  /** The profile's default food bank code: its notifications join the general ones. */
  foodBankCode: string | null;
}

/**
 * Messages carousel (spec §2): notifications and upcoming orders, one at a time, moving on every
 * 3 s while there is more than one. It follows the WAI-ARIA carousel pattern: the rotation stops
 * while the pointer is over it or focus is in it, with prefers-reduced-motion, or by its Pause
 * button; the slides are announced (aria-live polite) only while it does not move by itself.
 * Nothing is shown when the messages fail to load (spec §2: content failure shows the plain home).
 */
export function MessagesCarousel({ foodBankCode }: MessagesProps) {
  const { data: value } = useData(messagesLoadKey(foodBankCode), () => loadMessages(foodBankCode));
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [open, setOpen] = useState<Notification | null>(null);
  const { isUnread, markRead } = useReadState();
  const reduced = useReducedMotion();
  const labelId = useId();

  const messages = knownMessages(value);
  const count = messages.length;
  const current = count ? index % count : 0;
  const playing = count > 1 && !stopped && !reduced && !hovered && !focused && !open;

  useEffect(() => {
    if (!playing) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % count), MESSAGES_AUTOPLAY_MS);
    return () => clearInterval(id);
  }, [playing, count]);

  if (!count) return null;

  const step = (by: number) => setIndex((current + by + count) % count);
  const blur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };

  const openNotification = (note: Notification, unread: boolean) => {
    setOpen(note);
    if (unread) markRead(note);
  };

  return (
    <>
      <section
        className="card carousel messages-carousel"
        aria-roledescription="carousel"
        aria-labelledby={labelId}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={blur}
      >
        <div className="carousel-head">
          <h2 id={labelId}>
            {t("home.messages")}
          </h2>
          {count > 1 && (
            <div className="carousel-controls">
              <button
                type="button"
                className="btn btn-small"
                onClick={() => setStopped((s) => !s)}
                aria-label={stopped ? t("home.playMessages") : t("home.pauseMessages")}
              >
                <span aria-hidden="true">{stopped ? "▶" : "❚❚"}</span>
              </button>
              <button type="button" className="btn btn-small" onClick={() => step(-1)} aria-label={t("home.previousMessage")}>
                <span aria-hidden="true">‹</span>
              </button>
              <button type="button" className="btn btn-small" onClick={() => step(1)} aria-label={t("home.nextMessage")}>
                <span aria-hidden="true">›</span>
              </button>
            </div>
          )}
        </div>
        <div className="carousel-slides" aria-live={playing ? "off" : "polite"}>
          <Slide
            key={messageKey(messages[current])}
            message={messages[current]}
            label={t("home.slideOf", { index: current + 1, count })}
            unread={isUnread(messages[current])}
            onOpen={openNotification}
          />
        </div>
      </section>
      {open && <MessageModal note={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/** Spec §3 Inventory overview entry. */

export interface ProductsProps {
  foodBank: { id: number; name?: string | null };
}

/**
 * What the shopper's default food bank has on hand (spec §2 product carousel, §7 inventory
 * overview): a horizontally scrolling, snapping row of tiles with picture and name. Browsing only:
 * adding to the cart needs a pickup site or delivery time first. Hidden when the call fails.
 */
export function ProductCarousel({ foodBank }: ProductsProps) {
  const { data: value } = useData(`/foodbanks/${foodBank.id}/inventoryoverview`, () => loadInventoryOverview(foodBank.id));
  const titleId = useId();
  const entries = (value ?? []).filter((e) => e && e.label);
  if (!entries.length) return null;
  return (
    <section className="card product-carousel" aria-labelledby={titleId}>
      <h2 id={titleId}>{foodBank.name ? t("home.productsAt", { name: foodBank.name }) : t("home.products")}</h2>
      {/* Focusable so keyboard users can scroll it (a scrolling region needs to take focus). */}
      <ul className="product-strip" tabIndex={0} aria-labelledby={titleId}>
        {entries.map((e, i) => (
          <li key={`${i}-${e.label}`} className="product-strip-item">
            {e.imageUrl ? (
              <img src={e.imageUrl} alt="" width={500} height={500} loading="lazy" decoding="async" className="product-strip-picture" />
            ) : (
              <div aria-hidden="true" className="product-strip-picture" />
            )}
            <span className="product-name">{e.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
