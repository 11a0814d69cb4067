// Date and number formatting shared by the server (its engine may lack Intl) and the browser.
// Dates are wall-clock values as the API sends them (a pantry's local time); we format the
// fields as written and never convert time zones, so server and client output always match.
//
// Every function follows the page's language, lang() (set from the host's payload before any
// render, on the server and in the browser, so hydration sees the same text). No Intl, so the
// words are ours: English as the spec shows it, Spanish as US Spanish-language services write
// it (es-US): lowercase month and weekday names, the day before the month ("24 de nov"), the day
// as a plain number (no ordinal) and the 12-hour clock with "a. m." / "p. m.".
//
// Every other language writes dates from the `fmt.*` keys of its catalog: its CLDR month and
// weekday names and patterns, taken once from Intl (tests/js/format.test.mjs holds them to it),
// so the server's engine, every browser and the host's e-mails (host/infra/time_words.rs) write
// the same words whatever ICU version each has.
import { lang } from "../i18n/lang";
import { optionalText } from "../i18n/t";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Spanish short month names, without a period, like the English ones ("sept" as in es-US). */
const MONTHS_ES = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"];
const MONTHS_LONG_ES = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"];
const WEEKDAYS_ES = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];

/** No-break space: keeps "9:00 a. m." on one line (and "a." with "m."). Used in every Spanish time. */
const NBSP = "\u00a0";

export interface WallClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;
const TIME_ONLY = /^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * Reads "YYYY-MM-DD", "YYYY-MM-DDTHH:mm[:ss][offset]" or "HH:mm[:ss]" (date fields 0 then).
 * A trailing offset is ignored on purpose: the fields before it already are the local time.
 */
export function parseWallClock(value: string | WallClock | null | undefined): WallClock | null {
  if (value == null) return null;
  if (typeof value !== "string") return value;
  const dt = DATE_TIME.exec(value);
  if (dt) {
    const [, y, mo, d, h, mi] = dt;
    const wc = { year: +y, month: +mo, day: +d, hour: h ? +h : 0, minute: mi ? +mi : 0 };
    return wc.month >= 1 && wc.month <= 12 && wc.day >= 1 && wc.day <= 31 && wc.hour < 24 && wc.minute < 60 ? wc : null;
  }
  const tm = TIME_ONLY.exec(value);
  if (tm && +tm[1] < 24 && +tm[2] < 60) return { year: 0, month: 0, day: 0, hour: +tm[1], minute: +tm[2] };
  return null;
}

type DateInput = string | WallClock | null | undefined;

type DateWords = { months: string[]; monthsLong: string[]; weekdays: string[]; date: string; day: string; time: string; am: string; pm: string };

/** The last language's words, split once: a page of pickup times formats hundreds of them. */
let parsed: { lang: string; source: string; words: DateWords } | null = null;

/** The page language's date words when its catalog writes them (not English, not Spanish). */
function catalogWords(): DateWords | null {
  const current = lang();
  if (current === "en" || current === "es") return null;
  const date = optionalText("fmt.date");
  if (!date) return null;
  // The same language's catalog may be replaced (each server render takes its payload's texts).
  const source = `${date}\u0000${optionalText("fmt.monthsLong")}\u0000${optionalText("fmt.time")}`;
  if (parsed && parsed.lang === current && parsed.source === source) return parsed.words;
  const list = (key: string) => (optionalText(key) ?? "").split("|");
  const words = {
    months: list("fmt.months"),
    monthsLong: list("fmt.monthsLong"),
    weekdays: list("fmt.weekdays"),
    date,
    day: optionalText("fmt.day") ?? date,
    time: optionalText("fmt.time") ?? "{hh24}:{mm}",
    am: optionalText("fmt.am") ?? "",
    pm: optionalText("fmt.pm") ?? "",
  };
  parsed = { lang: current, source, words };
  return words;
}

/** Fills a `fmt.date` / `fmt.day` pattern. */
function fillDate(pattern: string, wc: WallClock, words: { months: string[]; monthsLong: string[] }): string {
  const values: Record<string, string> = {
    year: String(wc.year),
    month: String(wc.month),
    mon: words.months[wc.month - 1] ?? "",
    monthLong: words.monthsLong[wc.month - 1] ?? "",
    day: String(wc.day),
  };
  return pattern.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * The day of the month as a date writes it: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st... in English;
 * in Spanish a date's day is a plain number ("5 de mar"), so "5".
 */
export function ordinal(n: number): string {
  if (lang() !== "en") return String(n);
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  switch (n % 10) {
    case 1: return `${n}st`;
    case 2: return `${n}nd`;
    case 3: return `${n}rd`;
    default: return `${n}th`;
  }
}

/**
 * Default date format. English: M/D/YYYY ("3/5/2025"). Spanish: "5 de mar de 2025", the month written
 * out rather than numeric: a Spanish reader expects D/M/YYYY while US paperwork (and our English
 * pages) use M/D/YYYY, so "3/5/2025" would be read as 3 May by some and 5 March by others; a
 * written month cannot be misread. Empty string for unreadable input, so a bad value never breaks a render.
 */
export function formatDate(value: DateInput): string {
  const wc = parseWallClock(value);
  if (!wc || !wc.month) return "";
  const words = catalogWords();
  if (words) return fillDate(words.date, wc, words);
  return lang() === "es" ? `${wc.day} de ${MONTHS_ES[wc.month - 1]} de ${wc.year}` : `${wc.month}/${wc.day}/${wc.year}`;
}

/** Pickup-day format: MMM Do in English ("Mar 5th"), "5 de mar" in Spanish. */
export function formatDay(value: DateInput): string {
  const wc = parseWallClock(value);
  if (!wc || !wc.month) return "";
  const words = catalogWords();
  if (words) return fillDate(words.day, wc, words);
  return lang() === "es" ? `${ordinal(wc.day)} de ${MONTHS_ES[wc.month - 1]}` : `${MONTHS[wc.month - 1]} ${ordinal(wc.day)}`;
}

/**
 * The parts of a delivery window's day (spec §2: day, date, month) for the "times.window" text:
 * Monday, 24, Nov in English; lunes, 24, noviembre in Spanish. The Spanish month is written in
 * full, as the product owner's example for this label has it ("lunes 24 de noviembre, 9:00 a. m.–6:30 p. m."):
 * next to a full weekday, "24 de nov" would read half-abbreviated.
 */
export function dayParts(value: DateInput): { weekday: string; date: number; month: string } | null {
  const wc = parseWallClock(value);
  if (!wc || !wc.month) return null;
  // A calendar date, so UTC: the weekday never shifts with the device's zone.
  const day = new Date(Date.UTC(wc.year, wc.month - 1, wc.day)).getUTCDay();
  const words = catalogWords();
  if (words) return { weekday: words.weekdays[day] ?? "", date: wc.day, month: words.monthsLong[wc.month - 1] ?? "" };
  return lang() === "es"
    ? { weekday: WEEKDAYS_ES[day], date: wc.day, month: MONTHS_LONG_ES[wc.month - 1] }
    : { weekday: WEEKDAYS[day], date: wc.day, month: MONTHS[wc.month - 1] };
}

/**
 * Time of day, 12-hour clock. English: h:mma ("3:05pm"), or ha when the minutes are zero ("3pm").
 * Spanish: always h:mm, then "a. m." or "p. m." ("3:00 p. m."; noon is "12:00 p. m.", midnight
 * "12:00 a. m."), with no-break spaces so the time never wraps inside.
 */
export function formatTime(value: DateInput): string {
  const wc = parseWallClock(value);
  if (!wc) return "";
  const h12 = wc.hour % 12 === 0 ? 12 : wc.hour % 12;
  const mm = `${wc.minute < 10 ? "0" : ""}${wc.minute}`;
  const words = catalogWords();
  if (words) {
    const values: Record<string, string> = {
      h12: String(h12),
      h24: String(wc.hour),
      hh24: `${wc.hour < 10 ? "0" : ""}${wc.hour}`,
      mm,
      ampm: wc.hour < 12 ? words.am : words.pm,
    };
    return words.time.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  }
  if (lang() === "es") return `${h12}:${mm}${NBSP}${wc.hour < 12 ? "a." : "p."}${NBSP}m.`;
  const suffix = wc.hour < 12 ? "am" : "pm";
  return wc.minute === 0 ? `${h12}${suffix}` : `${h12}:${mm}${suffix}`;
}

/**
 * A moment as a person reads it: its date and its time of day ("12/3/2026 2:22pm";
 * "3 de dic de 2026 2:22 p. m."). The value is the place's wall clock with its offset, as the
 * server sends every instant, so the server and any browser write the same text.
 */
export function formatDateTime(value: DateInput): string {
  const date = formatDate(value);
  return date && `${date} ${formatTime(value)}`;
}

/** A time range, each end as formatTime writes it ("2pm", "2:30pm"): the staff side reads times as shoppers do. */
export function formatTimes(starts: DateInput, ends: DateInput): { starts: string; ends: string } {
  return { starts: formatTime(starts), ends: formatTime(ends) };
}

/**
 * Shortens to at most `max` characters including the ellipsis; default 20 as in the spec's truncate filter.
 * The same in every language ("…" is Spanish punctuation too).
 */
export function truncate(text: string, max = 20, ellipsis = "…"): string {
  if (text.length <= max) return text;
  return text.slice(0, Math.max(0, max - ellipsis.length)).trimEnd() + ellipsis;
}

/**
 * Rounds half away from zero to `decimals` places (default 2) without binary-float surprises like 1.005 -> 1.
 * Callers show the result as is ("2.5 millas", "12 lb"): that is right in both languages, since US
 * Spanish writes numbers like US English (decimal point, comma for thousands: es-US "1,234.5", not
 * the "1.234,5" of Spain), so no language-specific number formatter is needed.
 */
export function round(value: number, decimals = 2): number {
  if (!isFinite(value)) return value;
  const abs = String(Math.abs(value));
  // Exponent notation (tiny or huge numbers) cannot take the decimal-string shift below.
  if (abs.includes("e")) return Math.round(value * 10 ** decimals) / 10 ** decimals;
  const sign = value < 0 ? -1 : 1;
  const shifted = Math.round(Number(`${abs}e${decimals}`));
  return shifted === 0 ? 0 : sign * Number(`${shifted}e-${decimals}`);
}

/** Keeps digits only, at most `max` of them: the zip-code input mask (the same in every language). */
export function digitsOnly(text: string, max: number): string {
  return text.replace(/\D+/g, "").slice(0, max);
}
