import { Link } from "../Link";
import { t } from "../../i18n/t";
import { changeSite, useSelection } from "../../state/selection";
import { useLoggedIn } from "../../state/session";

/**
 * The localized home (spec §2): with a site already selected, offer to browse it, to change it,
 * and to log in. Device state, so it appears after hydration only (the server renders nothing).
 */
export function SelectedSite() {
  const { pantry } = useSelection();
  const loggedIn = useLoggedIn();
  if (!pantry) return null;
  return (
    <section className="card selected-site">
      <Link to="/products" className="btn btn-primary">
        {t("home.browse", { site: pantry.label })}
      </Link>{" "}
      <Link to="/pantries" className="btn" onClick={changeSite}>
        {t("home.changeSite")}
      </Link>{" "}
      {!loggedIn && (
        <Link to="/account/login" className="btn">
          {t("home.logIn")}
        </Link>
      )}
    </section>
  );
}
