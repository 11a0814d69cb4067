import { t } from "../i18n/t";
import { Modal } from "./Modal";

/** Spec §4: after a successful sign-in or sign-up, both answers continue to returnTo. */
export function RememberMe({ onAnswer }: { onAnswer: (remember: boolean) => void }) {
  return (
    <Modal
      title={t("account.rememberMe.title")}
      onClose={() => onAnswer(false)}
      actions={
        <>
          <button type="button" className="btn btn-primary" onClick={() => onAnswer(true)}>
            {t("account.rememberMe.yes")}
          </button>
          <button type="button" className="btn" onClick={() => onAnswer(false)}>
            {t("account.rememberMe.no")}
          </button>
        </>
      }
    >
      <p>{t("account.rememberMe.text")}</p>
    </Modal>
  );
}
