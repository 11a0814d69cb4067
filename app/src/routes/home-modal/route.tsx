import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { t } from "../../i18n/t";
import type { Meta } from "../../types";
import { Modal } from "../../ui/Modal";
import Home, { meta as homeMeta, type HomeData } from "../home/route";
import type { InfoCard } from "../home/InfoSections";

export interface HomeModalData extends HomeData {
  modal: InfoCard | null;
}

/** /home/modal/{id}: home with the info card's modal open; an unknown id goes back to / (spec §2). */
export default function HomeModal({ data }: { data: HomeModalData }) {
  const navigate = useNavigate();
  const card = data.modal;
  useEffect(() => {
    if (!card) navigate("/", { replace: true });
  }, [card, navigate]);
  const close = () => navigate("/");
  return (
    <Home data={data}>
      {card && (
        <Modal title={card.modalTitle || card.title} onClose={close}>
          {/* The host sanitises modalContent (the same filter as the content API). */}
          {card.modalContent ? <div dangerouslySetInnerHTML={{ __html: card.modalContent }} /> : card.summary && <p>{card.summary}</p>}
          <p>
            <Link to="/">{t("home.modalClose")}</Link>
          </p>
        </Modal>
      )}
    </Home>
  );
}

export function meta(data: HomeModalData | null): Meta {
  const card = data?.modal;
  return card ? { title: `${card.modalTitle || card.title} | ${t("app.title")}`, description: card.summary || t("app.tagline") } : homeMeta();
}
