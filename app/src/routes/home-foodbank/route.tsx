import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t } from "../../i18n/t";
import { newSearch, selectFoodBank } from "../../state/selection";
import type { Meta } from "../../types";
import { InfoSections } from "../../ui/InfoSections";
import messages from "messages:pantries";
import type { HomeFoodBankPage } from "../../lib/api/pages";

addMessages(messages);

export type HomeFoodBankData = HomeFoodBankPage;

/** /home/foodbank (spec §2): the food bank serving a place, its info cards and Start Order. */
export default function HomeFoodBank({ data }: { data: HomeFoodBankData }) {
  const fb = data.foodBank;
  if (data.status !== "ok" || !fb) {
    const text =
      data.status === "badZip"
        ? t("pantries.badZip", { zip: data.zip })
        : data.status === "error"
          ? t("pantries.loadError")
          : data.status === "none"
            ? t("pantries.noneFound")
            : t("pantries.goHome");
    return (
      <section className="card">
        <h1>{text}</h1>
        <Link to="/" className="btn btn-primary">
          {t("pantries.changeLocationButton")}
        </Link>
      </section>
    );
  }
  if (fb.isEnabled === false) {
    return (
      <section className="card">
        <h1>{t("pantries.notAvailable")}</h1>
        {fb.homePageUrl && <a href={fb.homePageUrl}>{t("pantries.foodBankLink", { name: fb.name ?? "" })}</a>}
      </section>
    );
  }
  return (
    <div className="home">
      <section className="card hero">
        <h1>{fb.name ?? t("home.foodBankTitle")}</h1>
        <p>{t("app.tagline")}</p>
        {/* A plain link without JavaScript; with it, starting an order also resets the stored site (spec §4). */}
        <Link
          to={`/pantries?${data.query}`}
          className="btn btn-primary btn-lg"
          onClick={() => {
            newSearch();
            selectFoodBank({ id: fb.id, code: fb.code, name: fb.name });
          }}
        >
          {t("home.startOrder")}
        </Link>
      </section>
      <InfoSections sections={data.infoSections ?? []} />
    </div>
  );
}

export function meta(data: HomeFoodBankData | null): Meta {
  const fb = data?.foodBank;
  if (fb?.name && fb.isEnabled !== false) return { title: pageTitle(fb.name), description: t("app.tagline") };
  return { title: pageTitle(t("home.foodBankTitle")), description: t("app.tagline") };
}
