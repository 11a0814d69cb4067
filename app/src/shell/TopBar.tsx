import type { RefObject } from "react";
import { Link } from "../ui/Link";
import { t } from "../i18n/t";
import { useCartCount } from "../state/cart";
import { useLoggedIn } from "../state/session";
import { LoginIcon, LogoIcon, MenuIcon } from "../ui/icons";
import { CartCounter } from "./CartCounter";
import { SIDE_MENU_ID } from "./SideMenu";

interface Props {
  /** The page's own title; null for the default one. */
  title: string | null;
  menuOpen: boolean;
  onMenu: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

// Spec §2: the menu button shows while the title is the default one; a page with its own title
// (checkout) shows it after a logo link home instead. On the right: the cart with its count when it
// has items, else a login icon for signed-out users.
export function TopBar({ title, menuOpen, onMenu, menuButtonRef }: Props) {
  const count = useCartCount();
  const loggedIn = useLoggedIn();
  return (
    <header className="topbar">
      {title === null ? (
        <>
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
        </>
      ) : (
        <>
          <Link to="/" className="icon-btn logo-link" aria-label={t("nav.home")}>
            <LogoIcon />
          </Link>
          <span className="topbar-title">{title}</span>
        </>
      )}
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
