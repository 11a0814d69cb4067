// The staff console's one layout: every staff route exports it as its `Layout` (App wraps the
// page in it), so shopper pages never load it. Navigation grouped by task (a side bar from
// 1024 px, a menu on a phone: a <details>, so it opens before JavaScript), the pantry switcher and
// the search that finds an order of any day. The server decides what the caller may open
// (host/pages/staff_guard.rs sends the frame as the payload's `console`); this only words it.
import { useContext, type ReactNode } from "react";
import { Link } from "./Link";
import { FormPostContext } from "./form-post";
import { DoorQueue } from "./DoorQueue";
import { useLocation, useNavigate } from "../lib/router";
import { t, type MessageKey } from "../i18n/t";
import type { Console, Denied } from "../lib/api/pages";

// The section pages by their paths, grouped by the task they serve.
const GROUPS: { title: MessageKey; paths: [string, MessageKey][] }[] = [
  {
    title: "staff.console.day",
    paths: [
      ["/staff", "staff.today.link"],
      ["/staff/orders", "staff.queue.heading"],
      ["/staff/check-in", "staff.checkIn.title"],
      ["/staff/households", "staff.households.title"],
      ["/staff/pick-list", "staff.pick.link"],
      ["/staff/runs", "staff.runs.link"],
    ],
  },
  {
    title: "staff.console.stock",
    paths: [
      ["/staff/stock", "staff.stock.link"],
      ["/staff/items", "staff.items.link"],
    ],
  },
  {
    title: "staff.console.records",
    paths: [
      ["/staff/reports", "staff.reports.title"],
      ["/staff/tefap", "staff.tefap.link"],
      ["/staff/audit", "staff.audit.link"],
    ],
  },
  {
    title: "staff.console.setup",
    paths: [
      ["/staff/schedule", "staff.schedule.link"],
      ["/staff/delivery-schedule", "staff.delivery.link"],
      ["/staff/pantries-admin", "staff.pantriesAdmin.title"],
      ["/staff/team", "staff.team.link"],
      ["/staff/codes", "staff.codes.title"],
      ["/staff/content", "staff.content.title"],
      ["/staff/settings", "staff.settings.link"],
    ],
  },
];

/** Pages that work on one pantry, which open on the chosen one. */
const AT_PANTRY = new Set(["/staff", "/staff/orders", "/staff/households", "/staff/pick-list", "/staff/items", "/staff/stock", "/staff/schedule", "/staff/tefap"]);

/** A section's address at the pantry being worked on. */
function sectionAt(path: string, pantry: number | null | undefined): string {
  if (pantry == null) return path;
  if (path === "/staff/reports") return `${path}?place=pantry:${pantry}`;
  return AT_PANTRY.has(path) ? `${path}?pantry=${pantry}` : path;
}

/** The section a path belongs to, for aria-current. */
function sectionOf(pathname: string): string {
  if (pathname.startsWith("/staff/pantries/") || pathname.startsWith("/staff/orders")) return "/staff/orders";
  if (pathname.startsWith("/staff/stock")) return "/staff/stock";
  return pathname;
}

function StaffNav({ frame: c, label }: { frame: Console; label: string }) {
  const { pathname } = useLocation();
  const current = sectionOf(pathname);
  const open = new Set(["/staff", ...c.sections]);
  return (
    <nav aria-label={label} className="staff-nav">
      {GROUPS.map((g) => {
        const links = g.paths.filter(([p]) => open.has(p));
        if (links.length === 0) return null;
        return (
          <div key={g.title} className="staff-nav-group">
            <h2>{t(g.title)}</h2>
            <ul>
              {links.map(([p, key]) => (
                <li key={p}>
                  <Link to={sectionAt(p, c.pantry)} aria-current={p === current ? "page" : undefined}>
                    {t(key)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

/** Where switching pantry goes from this page: the same page, but an order's goes to Today. */
function switchTarget(pathname: string): string {
  if (pathname.startsWith("/staff/pantries/")) return "/staff/orders";
  if (/^\/staff\/(orders|stock)\/./.test(pathname)) return "/staff";
  return pathname;
}

function PantrySwitcher({ frame: c }: { frame: Console }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  if (c.pantries.length < 2) return null;
  const action = switchTarget(pathname);
  const date = action === pathname ? new URLSearchParams(search).get("date") : null;
  // Switching is a button, not the select's change: a select that moved the page as it changed
  // would leave keyboard users on another page at their first arrow key.
  return (
    <form
      method="get"
      action={action}
      className="staff-switcher"
      onSubmit={(e) => {
        e.preventDefault();
        const pantry = String(new FormData(e.currentTarget).get("pantry"));
        navigate(`${action}?pantry=${pantry}${date ? `&date=${date}` : ""}`);
      }}
    >
      <label>
        {t("staff.console.pantry")}
        <select name="pantry" defaultValue={c.pantry ?? undefined} key={c.pantry ?? ""}>
          {c.pantries.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      {date && <input type="hidden" name="date" value={date} />}
      <button type="submit" className="btn btn-small">
        {t("staff.console.switch")}
      </button>
    </form>
  );
}

/** The search box: posted with the form token, since a name typed is personal data and a GET
 * form would put it in the address, the history and the server's logs. */
function Search({ csrf }: { csrf: string }) {
  return (
    <form method="post" action="/staff/find" role="search" className="staff-search">
      <input type="hidden" name="csrf" value={csrf} />
      <label>
        {t("staff.find.label")}
        <input type="search" name="q" placeholder={t("staff.find.placeholder")} maxLength={100} autoComplete="off" />
      </label>
      <button type="submit" className="btn btn-small">
        {t("staff.find.go")}
      </button>
    </form>
  );
}

const DENIED: Record<Denied, MessageKey> = {
  signIn: "staff.signIn",
  staffOnly: "staff.only",
  adminOnly: "staff.adminOnly",
  unavailable: "staff.unavailable",
  secondFactor: "staff.secondFactor.needed",
};

/** The console's one "not allowed" page, in place of any staff page the guard refused. */
function NotAllowed({ denied }: { denied: Denied }) {
  const { pathname, search } = useLocation();
  return (
    <section className="card staff">
      <h1>{t("staff.nav")}</h1>
      <p role="alert">
        {t(DENIED[denied])}{" "}
        {denied === "signIn" && (
          <Link to={`/account/login?returnTo=${encodeURIComponent(pathname + search)}`}>{t("staff.logIn")}</Link>
        )}
        {denied === "secondFactor" && <Link to="/staff/second-factor">{t("staff.secondFactor.title")}</Link>}
      </p>
    </section>
  );
}

/** The console around a staff page; a page the guard refused is its "not allowed" page alone. */
export function StaffLayout({ children }: { children: ReactNode }) {
  const payload = useContext(FormPostContext) as { console?: Console; denied?: Denied; csrf?: string | null } | null;
  const c = payload?.console;
  const { pathname } = useLocation();
  if (payload?.denied) return <NotAllowed denied={payload.denied} />;
  if (!c) return <>{children}</>;
  return (
    <div className="staff-console">
      <div className="staff-bar">
        <PantrySwitcher frame={c} />
        {c.canSearch && <Search csrf={payload?.csrf ?? ""} />}
        <DoorQueue userId={c.userID} />
      </div>
      <details className="staff-menu" key={pathname}>
        <summary>{t("staff.nav")}</summary>
        <StaffNav frame={c} label={t("staff.nav")} />
      </details>
      <div className="staff-side">
        <StaffNav frame={c} label={t("staff.nav")} />
      </div>
      <div className="staff-page">{children}</div>
    </div>
  );
}
