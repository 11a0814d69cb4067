import { useEffect } from "react";
import { useNavigate } from "../../lib/router";
import { Link } from "../../ui/Link";
import { t } from "../../i18n/t";
import type { Meta } from "../../types";
import { Modal } from "../../ui/Modal";
import { HomePage, homeMeta } from "../../ui/home/HomePage";
import { NotFound, notFoundMeta } from "../../ui/NotFound";
import type { HomeModalPage } from "../../lib/api/pages";

export type HomeModalData = HomeModalPage;

/**
 * /home/modal/{id}: home with the info card's modal open. An unknown id goes back to / (spec §2);
 * until then (and without JavaScript, as the server renders it with its 404) it is Not Found.
 */
export default function HomeModal({ data }: { data: HomeModalData }) {
  const navigate = useNavigate();
  const card = data.modal;
  useEffect(() => {
    if (!card) navigate("/", { replace: true });
  }, [card, navigate]);
  if (!card && data.notFound) return <NotFound />;
  const close = () => navigate("/");
  return (
    <HomePage data={data}>
      {card && (
        <Modal title={card.modalTitle || card.title} onClose={close}>
          {/* The host sanitises modalContent (the same filter as the content API). */}
          {card.modalContent ? <div dangerouslySetInnerHTML={{ __html: card.modalContent }} /> : card.summary && <p>{card.summary}</p>}
          <p>
            <Link to="/">{t("home.modalClose")}</Link>
          </p>
        </Modal>
      )}
    </HomePage>
  );
}

export function meta(data: HomeModalData | null): Meta {
  if (data?.notFound) return notFoundMeta();
  const card = data?.modal;
  return card ? { title: `${card.modalTitle || card.title} | ${t("app.title")}`, description: card.summary || t("app.tagline") } : homeMeta();
}
