import { useNavigate } from "../../lib/router";
import { addMessages, t } from "../../i18n/t";
import { markTefapAnswered } from "../../state/session";
import { Modal } from "../../ui/Modal";
import messages from "messages:tefap";

addMessages(messages);

/**
 * The shop's entry to the TEFAP survey (spec §4): offered once; either answer marks it answered,
 * so it does not come back on every visit to the shop.
 */
export default function TefapPrompt({ foodBank, returnTo, onClose }: { foodBank: { name: string }; returnTo: string; onClose: () => void }) {
  const navigate = useNavigate();
  const answer = (start: boolean) => {
    markTefapAnswered();
    onClose();
    if (start) navigate(`/account/register/eligibility?returnTo=${encodeURIComponent(returnTo)}`);
  };
  return (
    <Modal
      title={t("tefap.prompt.title")}
      onClose={() => answer(false)}
      actions={
        <>
          <button type="button" className="btn btn-primary" onClick={() => answer(true)}>
            {t("tefap.prompt.start")}
          </button>
          <button type="button" className="btn" onClick={() => answer(false)}>
            {t("tefap.prompt.dismiss")}
          </button>
        </>
      }
    >
      <p>{t("tefap.prompt.text", { foodBank: foodBank.name })}</p>
    </Modal>
  );
}
