import { useContext } from "react";
import { t } from "../i18n/t";
import { FormPostContext } from "./form-post";

/**
 * A photo form: a plain multipart post (no JavaScript needed) with the form token, to a photo
 * route of the host (host/http/files.rs), which answers 303 back to the page saying what came of it.
 */
export function PhotoForm({ action, pantryId }: { action: string; pantryId?: number }) {
  const csrf = useContext(FormPostContext)?.csrf;
  return (
    <form method="post" encType="multipart/form-data" action={action} className="staff-filter">
      <input type="hidden" name="csrf" value={csrf ?? ""} />
      {pantryId != null && <input type="hidden" name="pantry" value={pantryId} />}
      <label>
        {t("staff.items.photo")}
        <input type="file" name="photo" accept="image/jpeg,image/png,image/webp" required />
      </label>
      <button type="submit" className="btn btn-secondary">
        {t("staff.items.upload")}
      </button>
      <p>{t("staff.items.photoHelp")}</p>
    </form>
  );
}
