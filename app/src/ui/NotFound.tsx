import { Link } from "./Link";
import { pageTitle, t } from "../i18n/t";
import type { Meta } from "../types";

export function NotFound() {
  return (
    <section className="card not-found">
      <h1>{t("notFound.title")}</h1>
      <Link to="/" className="btn btn-primary">
        {t("notFound.goHome")}
      </Link>
    </section>
  );
}

export function notFoundMeta(): Meta {
  return { title: pageTitle(t("notFound.title")), description: t("notFound.title") };
}
