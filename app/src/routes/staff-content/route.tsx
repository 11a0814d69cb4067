export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, type MessageKey } from "../../i18n/t";
import type { Meta } from "../../types";
import { refusalText } from "../../lib/refusal";
import { fieldErrorText, serverFieldErrors } from "../../lib/forms";
import type { StaffContentPage } from "../../lib/api/pages";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { formatDateTime } from "../../lib/format";
import { StaffUnavailable } from "../../ui/StaffParts";
import messages from "messages:staff,account";

addMessages(messages);

/** Every form posts to this page (host/pages/staff_content.rs), which answers 303 back here. */
const native = () => undefined;

type Content = NonNullable<StaffContentPage["content"]>;
type Text = Content["cards"][number]["en"];
type Texts = { en: Text; es?: Text | null };

const SAVED: Record<string, MessageKey> = {
  card: "staff.content.saved.card",
  notice: "staff.content.saved.notice",
  cardEdited: "staff.content.saved.cardEdited",
  noticeEdited: "staff.content.saved.noticeEdited",
};

/** A stored card's or notification's texts as its edit form's fields start. */
function storedValues({ en, es }: Texts): Record<string, string> {
  return { title: en.title, body: en.body ?? "", titleEs: es?.title ?? "", bodyEs: es?.body ?? "" };
}

const OWN_ERRORS: Record<string, MessageKey> = {
  endBeforeStart: "staff.content.error.endBeforeStart",
};

/** A text as shoppers will see it: the title and the body the server cleaned. */
function Preview({ text, lang }: { text: Text; lang: "en" | "es" }) {
  return (
    <div className="content-preview" lang={lang}>
      <strong>{text.title}</strong>
      {/* The host cleans the body with the shoppers' sanitiser (service::rich_text). */}
      {text.preview && <div dangerouslySetInnerHTML={{ __html: text.preview }} />}
    </div>
  );
}

function TextFields({ prefix, values, fields }: { prefix: string; values: Record<string, string>; fields: Record<string, string> }) {
  // The prefix keeps each form's error ids apart: the page may show an add and an edit form together.
  const error = (name: string) =>
    fields[name] ? (
      <span id={`${prefix}-${name}-error`} className="field-error">
        {OWN_ERRORS[fields[name]] ? t(OWN_ERRORS[fields[name]]) : fieldErrorText(fields[name] as never)}
      </span>
    ) : null;
  const described = (name: string) => (fields[name] ? { "aria-invalid": true as const, "aria-describedby": `${prefix}-${name}-error` } : {});
  return (
    <>
      <label>
        {t("staff.content.titleEn")}
        <input name="title" maxLength={200} required defaultValue={values.title ?? ""} {...described("title")} />
        {error("title")}
      </label>
      <label>
        {t("staff.content.bodyEn")}
        <textarea name="body" maxLength={4000} defaultValue={values.body ?? ""} {...described("body")} />
        {error("body")}
      </label>
      <label>
        {t("staff.content.titleEs")}
        <input name="titleEs" lang="es" maxLength={200} defaultValue={values.titleEs ?? ""} {...described("titleEs")} />
        {error("titleEs")}
      </label>
      <label>
        {t("staff.content.bodyEs")}
        <textarea name="bodyEs" lang="es" maxLength={4000} defaultValue={values.bodyEs ?? ""} {...described("bodyEs")} />
        {error("bodyEs")}
      </label>
      <p>{t("staff.content.bodyHelp")}</p>
    </>
  );
}

/** A notification's window: typed in the food bank's zone, the end after the start. */
function WindowFields({ prefix, zone, values, fields }: { prefix: string; zone: string; values: Record<string, string>; fields: Record<string, string> }) {
  return (
    <>
      <label>
        {t("staff.content.startsAt", { zone })}
        <input type="datetime-local" name="startsAt" defaultValue={values.startsAt ?? ""} />
      </label>
      <label>
        {t("staff.content.endsAt", { zone })}
        <input type="datetime-local" name="endsAt" defaultValue={values.endsAt ?? ""} aria-invalid={fields.endsAt ? true : undefined} aria-describedby={fields.endsAt ? `${prefix}-endsAt-error` : undefined} />
        {fields.endsAt && (
          <span id={`${prefix}-endsAt-error`} className="field-error">
            {t("staff.content.error.endBeforeStart")}
          </span>
        )}
      </label>
    </>
  );
}

function SectionFields({ content, values }: { content: Content; values: Record<string, string> }) {
  return (
    <>
      <label>
        {t("staff.content.section")}
        <select name="sectionId" defaultValue={values.sectionId ?? ""}>
          <option value="">{t("staff.content.noSection")}</option>
          {content.sections.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("staff.content.newSection")}
        <input name="newSection" maxLength={100} defaultValue={values.newSection ?? ""} />
      </label>
    </>
  );
}

/**
 * /staff/content (food bank admins): the food bank's info cards and notifications, each previewed
 * in English and Spanish as shoppers will see them, forms adding a card and a notification with
 * the window it shows in, and the same forms editing one (`?card=`, `?notice=`). Works without
 * JavaScript (post, 303 or 422).
 */
export default function StaffContent({ data }: { data: StaffContentPage | null }) {
  const card = usePostedForm("card");
  const notice = usePostedForm("notice");
  const cardEdit = usePostedForm("editCard");
  const noticeEdit = usePostedForm("editNotice");
  if (!data?.content) return <StaffUnavailable />;
  const content = data.content;
  const zone = data.timeZone ?? "UTC";
  const general = [card.failure, notice.failure, cardEdit.failure, noticeEdit.failure].find((f) => f && Object.keys(serverFieldErrors(f.value)).length === 0);
  const noticeFields = serverFieldErrors(notice.failure?.value);
  const sectionName = (id: number | null | undefined) => content.sections.find((s) => s.id === id)?.name ?? "";
  // The form open for editing: the one refused (its posted values), else the one the link asked for.
  const editingCard = content.cards.find((c) => c.id === (cardEdit.failure ? Number(cardEdit.values.id) : data.editCard));
  const editingNotice = content.notices.find((n) => n.id === (noticeEdit.failure ? Number(noticeEdit.values.id) : data.editNotice?.id));
  const cardValues = cardEdit.failure ? cardEdit.values : editingCard ? { ...storedValues(editingCard), sectionId: editingCard.sectionId != null ? String(editingCard.sectionId) : "" } : {};
  const noticeValues = noticeEdit.failure
    ? noticeEdit.values
    : editingNotice
      ? { ...storedValues(editingNotice), startsAt: data.editNotice?.startsAt ?? "", endsAt: data.editNotice?.endsAt ?? "" }
      : {};
  return (
    <section className="card staff">
      <h1>{t("staff.content.title")}</h1>
      {data.saved && SAVED[data.saved] && (
        <p role="status" className="info-box">
          {t(SAVED[data.saved])}
        </p>
      )}
      {general && (
        <p role="alert" className="error-box">
          {refusalText(general)}
        </p>
      )}
      <h2>{t("staff.content.notices")}</h2>
      {content.notices.length === 0 ? (
        <p>{t("staff.content.noNotices")}</p>
      ) : (
        <ul className="content-list">
          {content.notices.map((n) => (
            <li key={n.id} data-notice={n.id}>
              <p>
                {n.showing ? t("staff.content.showing") : t("staff.content.notShowing")}
                {" · "}
                {n.startsAt ? t("staff.content.from", { time: formatDateTime(n.startsAt) }) : t("staff.content.fromPosted")}
                {n.endsAt ? ` · ${t("staff.content.until", { time: formatDateTime(n.endsAt) })}` : ""}
              </p>
              <Preview text={n.en} lang="en" />
              {n.es ? <Preview text={n.es} lang="es" /> : <p>{t("staff.content.noSpanish")}</p>}
              <Link to={`/staff/content?notice=${n.id}`} aria-label={t("staff.content.editOf", { title: n.en.title })}>
                {t("staff.content.edit")}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {editingNotice && (
        <>
          <h2>{t("staff.content.editNotice", { title: editingNotice.en.title })}</h2>
          <PostForm onSubmit={native} intent="editNotice" className="staff-form">
            <input type="hidden" name="id" value={editingNotice.id} />
            <TextFields key={`notice-${editingNotice.id}`} prefix="edit-notice" values={noticeValues} fields={serverFieldErrors(noticeEdit.failure?.value)} />
            <WindowFields key={`window-${editingNotice.id}`} prefix="edit-notice" zone={zone} values={noticeValues} fields={serverFieldErrors(noticeEdit.failure?.value)} />
            <button type="submit" className="btn btn-primary">
              {t("staff.content.save")}
            </button>
          </PostForm>
        </>
      )}
      <h2>{t("staff.content.addNotice")}</h2>
      <PostForm onSubmit={native} intent="notice" className="staff-form">
        <TextFields prefix="notice" values={notice.values} fields={noticeFields} />
        <WindowFields prefix="notice" zone={zone} values={notice.values} fields={noticeFields} />
        <button type="submit" className="btn btn-primary">
          {t("staff.content.post")}
        </button>
      </PostForm>
      <h2>{t("staff.content.cards")}</h2>
      {content.cards.length === 0 ? (
        <p>{t("staff.content.noCards")}</p>
      ) : (
        <ul className="content-list">
          {content.cards.map((c) => (
            <li key={c.id} data-card={c.id}>
              {c.sectionId != null && <p>{t("staff.content.inSection", { section: sectionName(c.sectionId) })}</p>}
              <Preview text={c.en} lang="en" />
              {c.es ? <Preview text={c.es} lang="es" /> : <p>{t("staff.content.noSpanish")}</p>}
              <Link to={`/staff/content?card=${c.id}`} aria-label={t("staff.content.editOf", { title: c.en.title })}>
                {t("staff.content.edit")}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {editingCard && (
        <>
          <h2>{t("staff.content.editCard", { title: editingCard.en.title })}</h2>
          <PostForm onSubmit={native} intent="editCard" className="staff-form">
            <input type="hidden" name="id" value={editingCard.id} />
            <TextFields key={`card-${editingCard.id}`} prefix="edit-card" values={cardValues} fields={serverFieldErrors(cardEdit.failure?.value)} />
            <SectionFields key={`section-${editingCard.id}`} content={content} values={cardValues} />
            <button type="submit" className="btn btn-primary">
              {t("staff.content.save")}
            </button>
          </PostForm>
        </>
      )}
      <h2>{t("staff.content.addCard")}</h2>
      <PostForm onSubmit={native} intent="card" className="staff-form">
        <TextFields prefix="card" values={card.values} fields={serverFieldErrors(card.failure?.value)} />
        <SectionFields content={content} values={card.values} />
        <button type="submit" className="btn btn-primary">
          {t("staff.content.addCardButton")}
        </button>
      </PostForm>
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.content.title")), description: t("staff.description") };
}
