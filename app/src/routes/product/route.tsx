import { useEffect } from "react";
import { useNavigate } from "../../lib/router";
import { Link } from "../../ui/Link";
import { restoreSelection, selectionStore } from "../../state/selection";
import { pageTitle, t } from "../../i18n/t";
import type { Meta } from "../../types";
import { useCartItems } from "../../state/cart";
import { Carousel, type CarouselImage } from "../../ui/Carousel";
import { CartControls, amountText, details } from "../../ui/ProductTile";
import { shopQuery, siteOf, useCartStanding, useShopperItems } from "../../lib/shop";
import type { ProductPage } from "../../lib/api/pages";
import { limitText } from "../../lib/limits";

type ProductData = ProductPage;

/** Product detail (spec §2): image carousel, name, amount, description, stepper or limit message, and the way back. */
export default function Product({ data }: { data: ProductData | null }) {
  const d = data ?? {};
  const own = useShopperItems(d);
  const item = own?.find((i) => i.id === d.productId) ?? d.item ?? null;
  const standing = useCartStanding(siteOf(d), useCartItems());
  const query = shopQuery(d);
  const navigate = useNavigate();
  // Spec §2: without a site in the URL, use the stored selection's, else go home. Read from the
  // store itself: startup may restore it after this first effect.
  useEffect(() => {
    if (query || d.error) return;
    restoreSelection();
    const sel = selectionStore.get();
    const stored = sel.pantry ? `pantry=${sel.pantry.id}` : sel.deliveryTime ? `delivery=${sel.deliveryTime.id}` : null;
    navigate(stored ? `/products/${d.productId}?${stored}` : "/", { replace: true });
  }, [query, d.error, d.productId, navigate]);
  const shopUrl = query ? `/products?${query}` : "/products";
  const actions = (
    <div className="product-actions">
      <Link className="btn" to={shopUrl}>
        {t("shop.continueShopping")}
      </Link>
      <Link className="btn btn-primary" to="/cart">
        {t("shop.viewCart")}
      </Link>
    </div>
  );
  if (!item) {
    return (
      <section className="card product-detail">
        <h1>{d.error ? t("shop.error") : t("shop.notFound")}</h1>
        {actions}
      </section>
    );
  }
  const p = details(item);
  const limit = item.effectiveLimit?.limit;
  return (
    <article className="card product-detail">
      <Carousel images={(item.attachmentCollection ?? []) as CarouselImage[]} name={p.name} width={500} height={500} />
      <h1>{p.name}</h1>
      <p className="product-amount">{amountText(item)}</p>
      {p.description && <p>{p.description}</p>}
      {limit === 0 ? (
        <p className="limit-message">{limitText(item.effectiveLimit)}</p>
      ) : (
        <CartControls item={item} orderFull={standing.status !== "under"} />
      )}
      {actions}
    </article>
  );
}

export function meta(data: ProductData | null): Meta {
  const name = data?.item ? details(data.item).name : t("shop.title");
  return { title: pageTitle(name), description: data?.item ? amountText(data.item) || name : t("shop.notFound") };
}
