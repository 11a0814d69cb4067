import { t } from "../../i18n/t";
import { refusalText } from "../../lib/refusal";
import type { AccountPage } from "../../lib/api/pages";
import { PostForm, usePostedForm } from "../../ui/PostForm";

type Feed = NonNullable<AccountPage["calendarFeed"]>;

/**
 * The private calendar feed (issue 54; host/pages/account.rs): a button that makes its address, or
 * resets it (the old address stops working). Only the address's hash is kept, so the page shows
 * the address once, as the answer to that post. The form posts natively also once the app runs:
 * that answer is the only place the address exists.
 */
export function CalendarFeed({ feed }: { feed: Feed }) {
  const posted = usePostedForm("calendarFeed");
  const error = posted.failure ? refusalText(posted.failure) || t("account.calendar.error") : "";
  return (
    <section className="account-calendar" aria-labelledby="account-calendar-title">
      <h2 id="account-calendar-title">{t("account.calendar.title")}</h2>
      <p>{t("account.calendar.intro")}</p>
      {feed.url ? (
        <>
          <p>
            <label htmlFor="calendar-feed-url">{t("account.calendar.url")}</label>
            <br />
            <input id="calendar-feed-url" className="calendar-feed-url" type="text" readOnly value={feed.url} onFocus={(e) => e.currentTarget.select()} />
          </p>
          <p className="info-box">{t("account.calendar.shownOnce")}</p>
        </>
      ) : (
        feed.active && <p>{t("account.calendar.active")}</p>
      )}
      {error && (
        <p role="alert" className="error-box">
          {error}
        </p>
      )}
      <PostForm intent="calendarFeed" onSubmit={() => undefined}>
        <button type="submit" className="btn">
          {feed.active ? t("account.calendar.reset") : t("account.calendar.create")}
        </button>
      </PostForm>
    </section>
  );
}
