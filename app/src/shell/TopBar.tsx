import type { RefObject } from "react";
import { Link } from "react-router";
import { t } from "../i18n/t";
import { useCartCount } from "../state/cart";
import { useLoggedIn } from "../state/session";
import { LoginIcon, MenuIcon } from "../ui/icons";
import { CartCounter } from "./CartCounter";
import { SIDE_MENU_ID } from "./SideMenu";

interface Props {
  menuOpen: boolean;
  onMenu: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

// Spec §2: the menu button shows while the title is the default one. Every page so far has it; pages
// with their own title (logo link home) come with the screens that need them. On the right: the cart
// with its count when it has items, else a login icon for signed-out users.
export function TopBar({ menuOpen, onMenu, menuButtonRef }: Props) {
  const count = useCartCount();
  const loggedIn = useLoggedIn();
  return (
    <header className="topbar">
      <button
        ref={menuButtonRef}
        type="button"
        className="icon-btn menu-btn"
        aria-label={t("shell.menu")}
        aria-expanded={menuOpen}
        aria-controls={SIDE_MENU_ID}
        onClick={onMenu}
      >
        <MenuIcon />
      </button>
      <span className="topbar-title">{t("app.title")}</span>
      {count > 0 ? (
        <CartCounter />
      ) : (
        !loggedIn && (
          <Link to="/account/login" className="icon-btn" aria-label={t("nav.login")}>
            <LoginIcon />
          </Link>
        )
      )}
    </header>
  );
}
