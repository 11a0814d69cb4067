import { Link } from "react-router";
import { tn } from "../i18n/t";
import { useCartCount } from "../state/cart";
import { CartIcon } from "../ui/icons";

/** Cart link with item count; the cart lives in the browser only, so the server (count 0) renders nothing. */
export function CartCounter() {
  const count = useCartCount();
  if (count <= 0) return null;
  return (
    <Link to="/cart" className="icon-btn cart-btn" aria-label={tn("shell.cart", count)}>
      <CartIcon />
      <span className="badge" aria-hidden="true">
        {count}
      </span>
    </Link>
  );
}
