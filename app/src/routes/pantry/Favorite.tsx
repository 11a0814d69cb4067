import { useEffect, useState } from "react";
import { t } from "../../i18n/t";
import { clearFavorite, storeFavorite } from "../../lib/api/favorites";
import { sessionStore } from "../../state/session";
import { read, write } from "../../state/storage";
import { Modal } from "../../ui/Modal";
import { storedPantry, type Pantry } from "../../lib/pantries";

/**
 * Favourite toggle (spec §4): kept on the device, and on the account when signed in. Adding shows
 * Added to Favorite Sites, whose three answers all just close it (spec §2).
 */
export function Favorite({ pantry }: { pantry: Pantry }) {
  // Device state: false on the server and the first client render, then the stored value.
  const [on, setOn] = useState(false);
  const [asked, setAsked] = useState(false);
  useEffect(() => setOn(read("favoritePantry")?.id === pantry.id), [pantry.id]);

  const toggle = () => {
    const next = !on;
    setOn(next);
    write("favoritePantry", next ? storedPantry(pantry) : null);
    if (sessionStore.get().token) {
      // Best effort: the device copy already holds the choice if the account update fails.
      const call = next ? storeFavorite(pantry.id) : clearFavorite();
      void call.catch(() => undefined);
    }
    if (next) setAsked(true);
  };
  const close = () => setAsked(false);
  return (
    <>
      <button type="button" className="btn btn-small favorite" aria-pressed={on} onClick={toggle}>
        {on ? "★" : "☆"} {t("pantry.favorite")}
      </button>
      {asked && (
        <Modal
          title={t("pantry.favoriteAdded")}
          onClose={close}
          actions={
            <>
              <button type="button" className="btn btn-primary" onClick={close}>
                {t("pantry.textMe")}
              </button>
              <button type="button" className="btn btn-primary" onClick={close}>
                {t("pantry.email")}
              </button>
              <button type="button" className="btn" onClick={close}>
                {t("pantry.noThanks")}
              </button>
            </>
          }
        >
          <p>{t("pantry.favoriteText")}</p>
        </Modal>
      )}
    </>
  );
}
