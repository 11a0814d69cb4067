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
type Texts = Pick<Content["cards"][number], "en" | "translations">;
type ContentLanguage = StaffContentPage["languages"][number];

const SAVED: Record<string, MessageKey> = {
  card: "staff.content.saved.card",
  notice: "staff.content.saved.notice",
  cardEdited: "staff.content.saved.cardEdited",
  noticeEdited: "staff.content.saved.noticeEdited",
};

/** A stored card's or notification's texts as its edit form's fields start. */
function storedValues({ en, translations }: Texts, languages: ContentLanguage[]): Record<string, string> {
  const values: Record<string, string> = { title: en.title, body: en.body ?? "" };
  for (const v of translations) {
    const language = languages.find((l) => l.code === v.lang);
    if (!language) continue;
    values[language.titleField] = v.title;
    values[language.bodyField] = v.body ?? "";
  }
  return values;
}

const OWN_ERRORS: Record<string, MessageKey> = {
  endBeforeStart: "staff.content.error.endBeforeStart",
};

/** A text as shoppers will see it: the title and the body the server cleaned. */
function Preview({ text, lang }: { text: Text; lang: string }) {
  return (
    <div className="content-preview" lang={lang} dir="auto">
      <strong>{text.title}</strong>
      {/* The host cleans the body with the shoppers' sanitiser (service::rich_text). */}
      {text.preview && <div dangerouslySetInnerHTML={{ __html: text.preview }} />}
    </div>
  );
}

/** Each version a text has, then the shopper languages it lacks (their readers see the English). */
function Versions({ item, languages }: { item: Texts & { missing: string[] }; languages: ContentLanguage[] }) {
  const name = (code: string) => languages.find((l) => l.code === code)?.name ?? code;
  return (
    <>
      <Preview text={item.en} lang="en" />
      {item.translations.map((v) => (
        <Preview key={v.lang} text={v} lang={v.lang} />
      ))}
      {item.missing.length > 0 && <p>{t("staff.content.missing", { languages: item.missing.map(name).join(", ") })}</p>}
    </>
  );
}

function TextFields({ prefix, values, fields, languages }: { prefix: string; values: Record<string, string>; fields: Record<string, string>; languages: ContentLanguage[] }) {
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
      {/* One fold per language: written ones and refused ones open, the rest a line each. */}
      {languages.map(({ code, name, titleField, bodyField }) => (
        <details key={code} className="content-language" open={Boolean(values[titleField] || values[bodyField] || fields[titleField] || fields[bodyField])}>
          <summary lang={code}>{name}</summary>
          <label>
            {t("staff.content.titleIn", { language: name })}
            <input name={titleField} lang={code} dir="auto" maxLength={200} defaultValue={values[titleField] ?? ""} {...described(titleField)} />
            {error(titleField)}
          </label>
          <label>
            {t("staff.content.bodyIn", { language: name })}
            <textarea name={bodyField} lang={code} dir="auto" maxLength={4000} defaultValue={values[bodyField] ?? ""} {...described(bodyField)} />
            {error(bodyField)}
          </label>
        </details>
      ))}
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
 * in every language written as shoppers will see them (and the languages missing), forms adding a card and a notification with
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
  const languages = data.languages;
  const zone = data.timeZone ?? "UTC";
  const general = [card.failure, notice.failure, cardEdit.failure, noticeEdit.failure].find((f) => f && Object.keys(serverFieldErrors(f.value)).length === 0);
  const noticeFields = serverFieldErrors(notice.failure?.value);
  const sectionName = (id: number | null | undefined) => content.sections.find((s) => s.id === id)?.name ?? "";
  // The form open for editing: the one refused (its posted values), else the one the link asked for.
  const editingCard = content.cards.find((c) => c.id === (cardEdit.failure ? Number(cardEdit.values.id) : data.editCard));
  const editingNotice = content.notices.find((n) => n.id === (noticeEdit.failure ? Number(noticeEdit.values.id) : data.editNotice?.id));
  const cardValues = cardEdit.failure ? cardEdit.values : editingCard ? { ...storedValues(editingCard, languages), sectionId: editingCard.sectionId != null ? String(editingCard.sectionId) : "" } : {};
  const noticeValues = noticeEdit.failure
    ? noticeEdit.values
    : editingNotice
      ? { ...storedValues(editingNotice, languages), startsAt: data.editNotice?.startsAt ?? "", endsAt: data.editNotice?.endsAt ?? "" }
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
              <Versions item={n} languages={languages} />
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
            <TextFields key={`notice-${editingNotice.id}`} prefix="edit-notice" values={noticeValues} fields={serverFieldErrors(noticeEdit.failure?.value)} languages={languages} />
            <WindowFields key={`window-${editingNotice.id}`} prefix="edit-notice" zone={zone} values={noticeValues} fields={serverFieldErrors(noticeEdit.failure?.value)} />
            <button type="submit" className="btn btn-primary">
              {t("staff.content.save")}
            </button>
          </PostForm>
        </>
      )}
      <h2>{t("staff.content.addNotice")}</h2>
      <PostForm onSubmit={native} intent="notice" className="staff-form">
        <TextFields prefix="notice" values={notice.values} fields={noticeFields} languages={languages} />
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
              <Versions item={c} languages={languages} />
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
            <TextFields key={`card-${editingCard.id}`} prefix="edit-card" values={cardValues} fields={serverFieldErrors(cardEdit.failure?.value)} languages={languages} />
            <SectionFields key={`section-${editingCard.id}`} content={content} values={cardValues} />
            <button type="submit" className="btn btn-primary">
              {t("staff.content.save")}
            </button>
          </PostForm>
        </>
      )}
      <h2>{t("staff.content.addCard")}</h2>
      <PostForm onSubmit={native} intent="card" className="staff-form">
        <TextFields prefix="card" values={card.values} fields={serverFieldErrors(card.failure?.value)} languages={languages} />
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
