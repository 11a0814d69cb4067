import { Link } from "./Link";
import type { CartItem } from "../entities";
import { t } from "../i18n/t";
import { addToCart, allowance, removeFromCart, useCartCountOf } from "../state/cart";
import { QuantityStepper } from "./QuantityStepper";
import { limitText } from "../lib/limits";

interface ProductDetails {
  name: string;
  description?: string | null;
  amount?: number | null;
  eachQuantity?: number | null;
  unitOfMeasure?: { name: string } | null;
  donationPackageType?: { name: string } | null;
}

export const details = (item: CartItem) => (item.pantryItem ?? { name: "" }) as ProductDetails;

/** "2 x 16 oz Can": quantity, amount, unit and package type, whichever the product has. */
export function amountText(item: CartItem): string {
  const p = details(item);
  const parts: string[] = [];
  if (p.eachQuantity && p.eachQuantity > 1) parts.push(`${p.eachQuantity} x`);
  if (p.amount) parts.push(String(p.amount));
  if (p.unitOfMeasure?.name) parts.push(p.unitOfMeasure.name);
  if (p.donationPackageType?.name) parts.push(p.donationPackageType.name);
  return parts.join(" ");
}

/** The product's first photo (by sequence number), or null. */
export function imageOf(item: CartItem): string | null {
  const list = (item.attachmentCollection ?? []) as { sequenceNumber: number; attachment: { storagePath: string } }[];
  let first = list[0];
  for (const a of list) if (a.sequenceNumber < first.sequenceNumber) first = a;
  return first?.attachment.storagePath ?? null;
}

export interface CartControlsProps {
  item: CartItem;
  /** The order is at or over its item limit: nothing more may be added. */
  orderFull: boolean;
}

/** Add to Cart, or the stepper once the product is in the cart, and the limit message while reached. */
export function CartControls({ item, orderFull }: CartControlsProps) {
  const count = useCartCountOf(item.pantryItemID);
  const max = allowance(item);
  const name = details(item).name;
  const atLimit = count >= max;
  return (
    <div className="cart-controls">
      {count === 0 ? (
        <button type="button" className="btn btn-primary" disabled={orderFull || max <= 0} onClick={() => addToCart(item)}>
          {t("shop.addToCart")}
          <span className="sr-only">: {name}</span>
        </button>
      ) : (
        <QuantityStepper
          name={name}
          count={count}
          addDisabled={orderFull || atLimit}
          onAdd={() => addToCart(item)}
          onRemove={() => removeFromCart(item.pantryItemID)}
        />
      )}
      {atLimit && item.effectiveLimit && <p className="limit-message">{limitText(item.effectiveLimit)}</p>}
    </div>
  );
}

export interface ProductTileProps extends CartControlsProps {
  /** Query that keeps the selection on the product link (`pantry=3`). */
  query: string;
}

export function ProductTile({ item, orderFull, query }: ProductTileProps) {
  const image = imageOf(item);
  const name = details(item).name;
  return (
    <article className="card product-tile" aria-label={name}>
      {image ? <img src={image} alt="" width={500} height={500} loading="lazy" className="product-image" /> : <div className="product-image" />}
      <h3 className="product-name">
        <Link to={`/products/${item.id}?${query}`}>{name}</Link>
      </h3>
      <p className="product-amount">{amountText(item)}</p>
      <CartControls item={item} orderFull={orderFull} />
    </article>
  );
}

/** Grey tile shown while products load (spec §9: 10 of them). */
export function PlaceholderTile() {
  return (
    <div className="card product-tile placeholder" aria-hidden="true">
      <div className="product-image" />
      <div className="placeholder-line" />
      <div className="placeholder-line short" />
    </div>
  );
}
