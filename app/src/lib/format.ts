// Date and number formatting shared by the server (QuickJS: no Intl) and the browser.
// Dates are wall-clock values as the API sends them (a pantry's local time); we format the
// fields as written and never convert time zones, so server and client output always match.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

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

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st... */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  switch (n % 10) {
    case 1: return `${n}st`;
    case 2: return `${n}nd`;
    case 3: return `${n}rd`;
    default: return `${n}th`;
  }
}

/** Default date format, M/D/YYYY ("3/5/2025"). Empty string for unreadable input, so a bad value never breaks a render. */
export function formatDate(value: DateInput): string {
  const wc = parseWallClock(value);
  return wc && wc.month ? `${wc.month}/${wc.day}/${wc.year}` : "";
}

/** Pickup-day format, MMM Do ("Mar 5th"). */
export function formatDay(value: DateInput): string {
  const wc = parseWallClock(value);
  return wc && wc.month ? `${MONTHS[wc.month - 1]} ${ordinal(wc.day)}` : "";
}

/** The parts of a delivery window's day (spec §2: day, date, month), e.g. Monday, 24, Nov. */
export function dayParts(value: DateInput): { weekday: string; date: number; month: string } | null {
  const wc = parseWallClock(value);
  if (!wc || !wc.month) return null;
  // A calendar date, so UTC: the weekday never shifts with the device's zone.
  const weekday = WEEKDAYS[new Date(Date.UTC(wc.year, wc.month - 1, wc.day)).getUTCDay()];
  return { weekday, date: wc.day, month: MONTHS[wc.month - 1] };
}

/** Time as h:mma ("3:05pm"), or ha when the minutes are zero ("3pm"). */
export function formatTime(value: DateInput): string {
  const wc = parseWallClock(value);
  if (!wc) return "";
  const suffix = wc.hour < 12 ? "am" : "pm";
  const h12 = wc.hour % 12 === 0 ? 12 : wc.hour % 12;
  return wc.minute === 0 ? `${h12}${suffix}` : `${h12}:${wc.minute < 10 ? "0" : ""}${wc.minute}${suffix}`;
}

/** Shortens to at most `max` characters including the ellipsis; default 20 as in the spec's truncate filter. */
export function truncate(text: string, max = 20, ellipsis = "…"): string {
  if (text.length <= max) return text;
  return text.slice(0, Math.max(0, max - ellipsis.length)).trimEnd() + ellipsis;
}

/** Rounds half away from zero to `decimals` places (default 2) without binary-float surprises like 1.005 -> 1. */
export function round(value: number, decimals = 2): number {
  if (!isFinite(value)) return value;
  const abs = String(Math.abs(value));
  // Exponent notation (tiny or huge numbers) cannot take the decimal-string shift below.
  if (abs.includes("e")) return Math.round(value * 10 ** decimals) / 10 ** decimals;
  const sign = value < 0 ? -1 : 1;
  const shifted = Math.round(Number(`${abs}e${decimals}`));
  return shifted === 0 ? 0 : sign * Number(`${shifted}e-${decimals}`);
}

/** Keeps digits only, at most `max` of them: the zip-code input mask. */
export function digitsOnly(text: string, max: number): string {
  return text.replace(/\D+/g, "").slice(0, max);
}
