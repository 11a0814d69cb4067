import type { ReactNode } from "react";
import { Link } from "./Link";

export interface BannerProps {
  children: ReactNode;
  /** A link, or a button, at the end of the banner (Change Pickup Site, Change Delivery Time). */
  action?: { to: string; label: string; onFollow?: () => void } | { onClick: () => void; label: string };
  tone?: "info" | "warning";
}

/** A full-width strip above a screen's content: the chosen site or time, or a limit notice. */
export function Banner({ children, action, tone = "info" }: BannerProps) {
  return (
    <div className={`banner shop-banner shop-banner-${tone}`} role={tone === "warning" ? "alert" : undefined}>
      <div className="shop-banner-text">{children}</div>
      {action &&
        ("to" in action ? (
          <Link className="btn btn-small" to={action.to} onClick={action.onFollow}>
            {action.label}
          </Link>
        ) : (
          <button type="button" className="btn btn-small" onClick={action.onClick}>
            {action.label}
          </button>
        ))}
    </div>
  );
}
