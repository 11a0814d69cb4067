import type { RefObject } from "react";
import { t } from "../i18n/t";
import { MenuIcon } from "../ui/icons";
import { CartCounter } from "./CartCounter";
import { SIDE_MENU_ID } from "./SideMenu";

interface Props {
  menuOpen: boolean;
  onMenu: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

// Spec §2: the menu button shows while the title is the default one. Every page so far has it; pages
// with their own title (logo link home, login icon) come with the screens that need them.
export function TopBar({ menuOpen, onMenu, menuButtonRef }: Props) {
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
      <CartCounter />
    </header>
  );
}
