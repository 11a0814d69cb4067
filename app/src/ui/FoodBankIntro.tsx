// Spec §4: a site of a food bank the shopper has not chosen yet first shows that food bank's info
// sections; Start Order selects it and opens the shop.
import { t } from "../i18n/t";
import { useData } from "../lib/useData";
import { fetchPayload } from "../shell/page-data";
import { Modal } from "./Modal";
import { InfoSections, type InfoSection } from "./InfoSections";

interface Props {
  foodBank: { id: number; name?: string };
  onStart: () => void;
  onClose: () => void;
}

const loadSections = (url: string, signal: AbortSignal) =>
  fetchPayload(url, signal).then((p) => (p.data as { infoSections?: InfoSection[] }).infoSections ?? []);

export default function FoodBankIntro({ foodBank, onStart, onClose }: Props) {
  const intro = useData(`/home/foodbank?id=${foodBank.id}`, loadSections);
  // Without its cards the shopper can still start: the cards are information, not a step.
  const sections = intro.error ? [] : intro.data;
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
