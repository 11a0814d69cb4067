import { t } from "../i18n/t";
import { useUpdateReady } from "../state/app";
import { applyUpdate } from "../sw/register";

/** "A new version has been installed" with Reload (spec §2); the region stays mounted so it is announced. */
export function UpdateToast() {
  const ready = useUpdateReady();
  return (
    <div className="toast-slot" role="status">
      {ready && (
        <div className="toast">
          <span>{t("shell.update")}</span>
          <button type="button" className="btn btn-small btn-on-dark" onClick={applyUpdate}>
            {t("shell.update.reload")}
          </button>
        </div>
      )}
    </div>
  );
}
