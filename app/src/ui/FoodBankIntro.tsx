// Spec §4: a site of a food bank the shopper has not chosen yet first shows that food bank's info
// sections; Start Order selects it and opens the shop.
import { useEffect, useState } from "react";
import { t } from "../i18n/t";
import { fetchPayload } from "../shell/page-data";
import { Modal } from "./Modal";
import { InfoSections, type InfoSection } from "./InfoSections";

interface Props {
  foodBank: { id: number; name?: string };
  onStart: () => void;
  onClose: () => void;
}

export default function FoodBankIntro({ foodBank, onStart, onClose }: Props) {
  const [sections, setSections] = useState<InfoSection[] | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    fetchPayload(`/home/foodbank?id=${foodBank.id}`, ctrl.signal).then(
      (p) => setSections((p.data as { infoSections?: InfoSection[] }).infoSections ?? []),
      // Without its cards the shopper can still start: the cards are information, not a step.
      () => setSections([]),
    );
    return () => ctrl.abort();
  }, [foodBank.id]);
  return (
    <Modal
      title={foodBank.name || t("home.foodBankTitle")}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-primary" onClick={onStart}>
          {t("home.startOrder")}
        </button>
      }
    >
      {sections === null ? <p role="status">{t("shell.loading")}</p> : <InfoSections sections={sections} />}
    </Modal>
  );
}
