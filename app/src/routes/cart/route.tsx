import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, tn } from "../../i18n/t";
import { round } from "../../lib/format";
import type { Meta } from "../../types";
import { useOffline } from "../../state/app";
import { addToCart, allowance, cartLines, removeFromCart, useCartItems, type CartLine } from "../../state/cart";
import { useSelection } from "../../state/selection";
import { Banner } from "../../ui/Banner";
import { QuantityStepper } from "../../ui/QuantityStepper";
import { amountText, details, imageOf } from "../../ui/ProductTile";
import { useCartStanding } from "../../lib/shop";
import messages from "messages:cart";
import { limitText } from "../../lib/limits";

addMessages(messages);

function Line({ line, orderFull }: { line: CartLine; orderFull: boolean }) {
  const { item, count } = line;
  const name = details(item).name;
  const image = imageOf(item);
  return (
    <li className="card cart-line">
      {image && <img src={image} alt="" width={80} className="cart-line-image" />}
      <div className="cart-line-text">
        <h2 className="product-name">{name}</h2>
        <p className="product-amount">{amountText(item)}</p>
        {count >= allowance(item) && item.effectiveLimit && <p className="limit-message">{limitText(item.effectiveLimit)}</p>}
      </div>
      <QuantityStepper
        name={name}
        count={count}
        addDisabled={orderFull || count >= allowance(item)}
        onAdd={() => addToCart(item)}
        onRemove={() => removeFromCart(item.pantryItemID)}
      />
      <button type="button" className="btn btn-small" aria-label={t("cart.removeLabel", { name })} onClick={() => removeFromCart(item.pantryItemID, true)}>
        {t("cart.remove")}
      </button>
    </li>
  );
}

/** Cart (spec §2): lines with steppers and removal, totals, and Checkout when it is allowed (spec §5). */
export default function Cart() {
  const items = useCartItems();
  const offline = useOffline();
  const sel = useSelection();
  const site = sel.pantry ? { pantryLocationID: sel.pantry.id } : sel.deliveryTime ? { foodBankDeliveryTimeID: sel.deliveryTime.id } : null;
  const { limit, status, checked } = useCartStanding(site, items);
  const lines = cartLines(items);
  const pounds = round(items.reduce((sum, i) => sum + (i.weightPounds ?? 0), 0), 0);
  const shopUrl = sel.pantry ? `/products?pantry=${sel.pantry.id}` : sel.deliveryTime ? `/products?delivery=${sel.deliveryTime.id}` : "/products";
  const blocked = offline || !items.length || status === "over" || !checked;

  return (
    <div className="cart">
      <h1>{t("cart.title")}</h1>
      {limit !== null && status !== "under" && <Banner tone="warning">{t("shop.orderLimit", { n: limit })}</Banner>}
      {!lines.length ? (
        <p className="card">{t("cart.empty")}</p>
      ) : (
        <>
          <ul className="cart-lines">
            {lines.map((line) => (
              <Line key={line.item.pantryItemID} line={line} orderFull={status !== "under"} />
            ))}
          </ul>
          <dl className="card cart-totals">
            <dt>{t("cart.totalItems")}</dt>
            <dd>{tn("cart.items", items.length)}</dd>
            <dt>{t("cart.totalWeight")}</dt>
            <dd>{t("cart.weight", { pounds })}</dd>
          </dl>
        </>
      )}
      <div className="product-actions">
        <Link className="btn" to={shopUrl}>
          {t("shop.continueShopping")}
        </Link>
        {blocked ? (
          <button type="button" className="btn btn-primary" disabled title={offline ? t("cart.checkoutDisabled") : undefined}>
            {offline ? t("cart.checkoutDisabled") : t("cart.checkout")}
          </button>
        ) : (
          <Link className="btn btn-primary" to="/cart/schedulepickup">
            {t("cart.checkout")}
          </Link>
        )}
      </div>
    </div>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("cart.title")), description: t("cart.description") };
}
