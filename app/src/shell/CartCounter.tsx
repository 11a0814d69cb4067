import { Link } from "../ui/Link";
import { tn } from "../i18n/t";
import { useCartCount, useCartPulse } from "../state/cart";
import { CartIcon } from "../ui/icons";

/** Cart link with item count; the cart lives in the browser only, so the server (count 0) renders nothing. */
export function CartCounter() {
  const count = useCartCount();
  const pulse = useCartPulse();
  if (count <= 0) return null;
  return (
    <Link to="/cart" className="icon-btn cart-btn" aria-label={tn("shell.cart", count)}>
      <CartIcon />
      {/* A new key restarts the CSS animation when the count changes again mid-pulse. */}
      <span key={pulse} className={pulse ? "badge pulse" : "badge"} aria-hidden="true">
        {count}
      </span>
    </Link>
  );
}
