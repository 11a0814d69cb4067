import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useNavigate } from "../../lib/router";
import { Link } from "../../ui/Link";
import type { CartItem, ShopItem } from "../../entities";
import { pageTitle, t, tn } from "../../i18n/t";
import { SIGN_UP_OFFER_DELAY_MS } from "../../lib/constants";
import { formatDay, formatTime } from "../../lib/format";
import type { Meta } from "../../types";
import { refreshCartItems, removeFromCart, useCartCount, useCartItems } from "../../state/cart";
import { changeSite, useSelection } from "../../state/selection";
import { tefapAnswered, useProfile } from "../../state/session";
import { afterFirstInput } from "../../lib/first-input";
import { Banner } from "../../ui/Banner";
import { Modal } from "../../ui/Modal";
import { PlaceholderTile, ProductTile, details } from "../../ui/ProductTile";
import { shopQuery, siteOf, useCartStanding, useShopperItems, type Category, type ShopData } from "../../lib/shop";
import type { ShopPage } from "../../lib/api/pages";

const DeliveryFlow = lazy(() => import("../../ui/DeliverySwitch"));
const TefapPrompt = lazy(() => import("./TefapPrompt"));

/** Spec §9: a category counts as the one being read once its heading is this close to the top. */
const SCROLL_SPY_OFFSET = 245;
const PLACEHOLDERS = 10;

/** The banner for the chosen pickup site or delivery window, with the time from the stored selection. */
function SelectionBanner({ data, onChangeDelivery }: { data: ShopData; onChangeDelivery: () => void }) {
  const sel = useSelection();
  if (data.pantry) {
    const time = sel.pantry?.id === data.pantry.id ? sel.pickupTime : null;
    return (
      <Banner action={{ to: "/pantries", label: t("shop.changePickupSite"), onFollow: changeSite }}>
        <strong>{t("shop.pickupAt", { site: data.pantry.label })}</strong>
        {time && (
          <span className="shop-banner-time">
            {t("shop.when", { day: formatDay(time.pickupDay), start: formatTime(time.pickupStartTime), end: formatTime(time.pickupEndTime) })}
          </span>
        )}
      </Banner>
    );
  }
  const time = sel.deliveryTime?.id === data.deliveryTimeId ? sel.deliveryTime : null;
  return (
    <Banner action={{ onClick: onChangeDelivery, label: t("shop.changeDeliveryTime") }}>
      <strong>{t("shop.delivery")}</strong>
      {time && (
        <span className="shop-banner-time">
          {t("shop.when", { day: formatDay(time.deliveryDay), start: formatTime(time.deliveryStartTime), end: formatTime(time.deliveryEndTime) })}
        </span>
      )}
    </Banner>
  );
}

interface Section {
  category: Category;
  items: ShopItem[];
}

/** One pass over the items (not one per category: that was a twentieth of the shop's server render). */
function sectionsOf(items: ShopItem[], categories: Category[]): Section[] {
  const byCategory = new Map<number, ShopItem[]>();
  for (const item of items) {
    for (const { pantrySubcategoryID: id } of (item.pantryInventorySubcategories ?? []) as { pantrySubcategoryID: number }[]) {
      const list = byCategory.get(id);
      if (!list) byCategory.set(id, [item]);
      // An item is in a section once, however often it names the category.
      else if (list[list.length - 1] !== item) list.push(item);
    }
  }
  return categories.map((category) => ({ category, items: byCategory.get(category.id) ?? [] })).filter((s) => s.items.length);
}

/** Tabs that follow the scroll: the active one is the last section whose top passed the offset. */
function CategoryTabs({ sections }: { sections: Section[] }) {
  const [active, setActive] = useState<number | null>(sections[0]?.category.id ?? null);
  useEffect(() => {
    const onScroll = () => {
      let current = sections[0]?.category.id ?? null;
      for (const s of sections) {
        const el = document.getElementById(`category-${s.category.id}`);
        if (el && el.getBoundingClientRect().top <= SCROLL_SPY_OFFSET) current = s.category.id;
      }
      setActive(current);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [sections]);
  return (
    <nav className="category-tabs" aria-label={t("shop.categories")}>
      {sections.map((s) => (
        <a
          key={s.category.id}
          href={`#category-${s.category.id}`}
          aria-current={active === s.category.id ? "true" : undefined}
        >
          {s.category.name}
        </a>
      ))}
    </nav>
  );
}

/** Cart entries the site no longer offers are taken out, and the shopper is told (Products Unavailable). */
function useUnavailable(items: ShopItem[] | undefined): [CartItem[], () => void] {
  const [removed, setRemoved] = useState<CartItem[]>([]);
  // The stored cart is restored after hydration, so this follows the cart, not only the items.
  const cart = useCartItems();
  useEffect(() => {
    if (!items) return;
    const offered = new Set(items.map((i) => i.pantryItemID));
    const gone = new Map<number, CartItem>();
    for (const c of cart) if (!offered.has(c.pantryItemID)) gone.set(c.pantryItemID, c);
    if (!gone.size) return;
    for (const id of gone.keys()) removeFromCart(id, true);
    setRemoved((before) => [...before, ...gone.values()]);
  }, [items, cart]);
  return [removed, () => setRemoved([])];
}

function NoSite() {
  const sel = useSelection();
  const navigate = useNavigate();
  // The server cannot see the stored selection; once hydrated, go to its shop URL.
  const target = sel.pantry ? `/products?pantry=${sel.pantry.id}` : sel.deliveryTime ? `/products?delivery=${sel.deliveryTime.id}` : null;
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);
  if (target) {
    return (
      <div className="card-grid product-grid" role="status" aria-label={t("shop.loading")}>
        {Array.from({ length: PLACEHOLDERS }, (_, i) => (
          <PlaceholderTile key={i} />
        ))}
      </div>
    );
  }
  return (
    <section className="card shop-empty">
      <h1>{t("shop.noSite")}</h1>
      <Link className="btn btn-primary" to="/pantries">
        {t("shop.selectSite")}
      </Link>
    </section>
  );
}

/** Shop (spec §2): the site's products by category, with the cart controls and order limit. */
export default function Products({ data }: { data: ShopPage | null }) {
  const d: Partial<ShopPage> = data ?? {};
  const items = useShopperItems(d);
  const count = useCartCount();
  // Only a site's own items say what it no longer offers: /products without one (the address a
  // chosen pickup opens, until the stored site's shop replaces it) has none, and took the whole cart.
  const hasSite = d.pantry != null || d.deliveryTimeId != null;
  const [removed, closeRemoved] = useUnavailable(d.error || !hasSite ? undefined : items);
  const sections = useMemo(() => sectionsOf(items ?? [], d.categories ?? []), [items, d.categories]);
  const cart = useCartItems();
  useEffect(() => {
    if (items) refreshCartItems(items);
  }, [items, cart]);
  const standing = useCartStanding(siteOf(d), cart);
  const status = standing.status;
  // Each Change Delivery Time mounts the picker anew (it loads the windows on mount).
  const [changing, setChanging] = useState(0);
  // Spec §4: offered once per shopper, by food banks in the program; decided after hydration
  // because the answered flag lives on the device.
  const [askTefap, setAskTefap] = useState(false);
  const tefapBank = d.foodBank?.isTEFAPEnabled === true ? d.foodBank : null;
  // The account's profile arrives after hydration: a lapsed decision then asks again.
  const recertificationDue = useProfile()?.tefapRecertificationDueAt ?? null;
  useEffect(() => {
    if (tefapBank === null || tefapAnswered()) return setAskTefap(false);
    // Offered once the shopper has had a moment to see the shop (spec §9), and on a page just
    // loaded not before their first tap, key or scroll: the dialog is never the page's first view.
    let timedOut = false;
    let touched = false;
    const offer = () => {
      if (timedOut && touched) setAskTefap(!tefapAnswered());
    };
    const timer = setTimeout(() => {
      timedOut = true;
      offer();
    }, SIGN_UP_OFFER_DELAY_MS);
    const cancel = afterFirstInput(() => {
      touched = true;
      offer();
    });
    return () => {
      clearTimeout(timer);
      cancel();
    };
  }, [tefapBank, recertificationDue]);

  if (!d.pantry && d.deliveryTimeId == null) return d.error ? <p role="alert">{t("shop.error")}</p> : <NoSite />;
  const query = shopQuery(d);
  return (
    // data-offer says the offer's timer has fired, before its lazy dialog arrives: what a test
    // with a moved clock can check at once, where the dialog itself comes a download later.
    <div className="shop" data-offer={askTefap && tefapBank ? "tefap" : undefined}>
      <SelectionBanner data={d} onChangeDelivery={() => setChanging((n) => n + 1)} />
      {changing > 0 && (
        <Suspense fallback={null}>
          <DeliveryFlow key={changing} offerPickup onClose={() => setChanging(0)} />
        </Suspense>
      )}
      {askTefap && tefapBank && (
        <Suspense fallback={null}>
          <TefapPrompt foodBank={tefapBank} returnTo={`/products?${query}`} onClose={() => setAskTefap(false)} />
        </Suspense>
      )}
      {status !== "under" && <Banner tone="warning">{t("shop.orderLimit", { n: standing.limit ?? 0 })}</Banner>}
      <h1 className="sr-only">{t("shop.title")}</h1>
      {d.error ? (
        <p role="alert">{t("shop.error")}</p>
      ) : !sections.length ? (
        <p className="card shop-empty">{t("shop.empty")}</p>
      ) : (
        <>
          <CategoryTabs sections={sections} />
          {sections.map((s) => (
            <section key={s.category.id} id={`category-${s.category.id}`} className="shop-category" aria-labelledby={`category-title-${s.category.id}`}>
              <h2 id={`category-title-${s.category.id}`}>{s.category.name}</h2>
              <div className="card-grid product-grid">
                {s.items.map((item) => (
                  <ProductTile key={item.id} item={item} orderFull={status !== "under"} query={query} />
                ))}
              </div>
            </section>
          ))}
        </>
      )}
      {count > 0 && status !== "over" && (
        <div className="fab-slot">
          <Link to="/cart" className="btn btn-primary btn-lg fab" aria-label={tn("shop.checkoutNowLabel", count)}>
            {t("shop.checkoutNow")} ({count})
          </Link>
        </div>
      )}
      {removed.length > 0 && (
        <Modal
          title={t("shop.unavailable.title")}
          onClose={closeRemoved}
          actions={
            <button type="button" className="btn btn-primary" onClick={closeRemoved}>
              {t("shop.ok")}
            </button>
          }
        >
          <p>{t("shop.unavailable.text")}</p>
          <ul>
            {removed.map((i) => (
              <li key={i.pantryItemID}>
                {details(i).name}: {t("shop.unavailable.reason")}
              </li>
            ))}
          </ul>
        </Modal>
      )}
    </div>
  );
}

export function meta(data: ShopPage | null): Meta {
  const site = data?.pantry?.label;
  return {
    title: pageTitle(site ? `${t("shop.title")}: ${site}` : t("shop.title")),
    description: site ? t("shop.description", { site }) : t("shop.descriptionDelivery"),
  };
}
