import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "../lib/router";
import { Link } from "../ui/Link";
import { t } from "../i18n/t";
import { CloseIcon } from "../ui/icons";
import { LanguageSwitch } from "../ui/LanguageSwitch";

export const SIDE_MENU_ID = "side-menu";

interface Props {
  open: boolean;
  /** `returnFocus`: put focus back on the menu button (Escape, close button, backdrop), not when a link was followed. */
  onClose: (returnFocus: boolean) => void;
  loggedIn?: boolean;
  /** The signed-in account holds a staff role (its own profile says so): a link to the staff side. */
  staff?: boolean;
}

/**
 * The side menu of spec §2. Server-rendered `hidden`; without JavaScript the stylesheet shows it
 * as a plain link list instead (the menu button cannot work then).
 */
export function SideMenu({ open, onClose, loggedIn = false, staff = false }: Props) {
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    navRef.current?.querySelector<HTMLElement>("a[href]")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        onClose(true);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  const item = (to: string, label: string) => (
    <MenuLink to={to} onFollow={() => onClose(false)}>
      {label}
    </MenuLink>
  );

  return (
    <>
      {open && <div className="backdrop" onClick={() => onClose(true)} />}
      <nav id={SIDE_MENU_ID} ref={navRef} className="side-menu" aria-label={t("shell.menu.nav")} hidden={!open}>
        <button type="button" className="icon-btn side-menu-close" aria-label={t("shell.menu.close")} onClick={() => onClose(true)}>
          <CloseIcon />
        </button>
        <ul>
          <li>{item("/", t("nav.home"))}</li>
          <li>
            <span className="menu-group">{t("nav.account")}</span>
            <ul>
              {loggedIn && <li>{item("/account", t("nav.details"))}</li>}
              {!loggedIn && <li>{item("/account/login", t("nav.login"))}</li>}
              {loggedIn && <li>{item("/account/orders", t("nav.orders"))}</li>}
            </ul>
          </li>
          <li>{item("/messages", t("nav.messages"))}</li>
          {loggedIn && staff && <li>{item("/staff", t("nav.staff"))}</li>}
        </ul>
        <LanguageSwitch />
      </nav>
    </>
  );
}

// Not NavLink: on the server NavLink calls `new URL`, which QuickJS lacks; exact match is all we need.
function MenuLink({ to, onFollow, children }: { to: string; onFollow: () => void; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Link to={to} onClick={onFollow} aria-current={pathname === to ? "page" : undefined}>
      {children}
    </Link>
  );
}
