import { t } from "../i18n/t";
import { setAppFlag, useNotice } from "../state/app";

/** A message left by the previous screen (e.g. a pantry that still needs a referral code after sign-in). */
export function NoticeBanner() {
  const notice = useNotice();
  return (
    <div className="notice-slot" role="status">
      {notice && (
        <div className="banner shop-banner shop-banner-warning">
          <div className="shop-banner-text">{notice}</div>
          <button type="button" className="btn btn-small" onClick={() => setAppFlag("notice", null)}>
            {t("modal.close")}
          </button>
        </div>
      )}
    </div>
  );
}
