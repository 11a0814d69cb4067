import { Suspense, lazy, useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { useLocation } from "../lib/router";
import { t } from "../i18n/t";
import { useLoggedIn, useProfile } from "../state/session";
import { NoticeBanner } from "./NoticeBanner";
import { OfflineBanner } from "./OfflineBanner";
import { OutdatedBanner } from "./OutdatedBanner";
import { SideMenu } from "./SideMenu";
import { TopBar } from "./TopBar";
import { UpdateToast } from "./UpdateToast";

// Its own chunk, fetched after hydration: only a phone that kept an order offline has anything to show.
// A chunk that cannot be fetched (the phone went offline while it loaded) shows nothing rather than
// throwing, which would take the whole app down; the next start loads it again.
const QueuedOrders = lazy<ComponentType>(() => import("./QueuedOrders").catch(() => ({ default: () => null })));

/** Top bar, banners, side menu and the main landmark around the current page. */
export function Shell({ pending, title, children }: { pending: boolean; title: string | null; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();
  const loggedIn = useLoggedIn();
  const staff = useProfile()?.isStaff === true;
  // Client only: the server renders no lazy part, so hydration finds the same markup.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) menuButton.current?.focus();
  }, []);

  // Any navigation (a menu link, back button) closes the menu; focus then goes to the new page.
  useEffect(() => setMenuOpen(false), [pathname, search]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t("shell.skipToContent")}
      </a>
      <div className={pending ? "progress active" : "progress"} aria-hidden="true" />
      <TopBar title={title} menuOpen={menuOpen} onMenu={() => setMenuOpen((o) => !o)} menuButtonRef={menuButton} />
      <OutdatedBanner />
      <OfflineBanner />
      <SideMenu open={menuOpen} onClose={closeMenu} loggedIn={loggedIn} staff={staff} />
      <main id="main" tabIndex={-1} aria-busy={pending || undefined} inert={menuOpen || undefined}>
        <NoticeBanner />
        {hydrated && (
          <Suspense fallback={null}>
            <QueuedOrders />
          </Suspense>
        )}
        {children}
      </main>
      <UpdateToast />
    </>
  );
}
