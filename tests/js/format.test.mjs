import assert from "node:assert/strict";
import { test } from "node:test";
import { readFileSync } from "node:fs";
import { testLib } from "./lib.mjs";

const f = await import(testLib("format"));
// The test build bundles with code splitting, so this is the same lang.ts instance format.ts reads.
const { setLang } = await import(testLib("lang"));
const { addMessages } = await import(testLib("i18n"));

/** A language's date words, as its pages' payloads carry them (English and Spanish have none). */
function dateWords(code) {
  const catalog = JSON.parse(readFileSync(new URL(`../../app/src/i18n/${code}.json`, import.meta.url), "utf8"));
  return Object.fromEntries(Object.entries(catalog).filter(([k]) => k.startsWith("fmt.")));
}

/** Runs `fn` with the page language set to `code`, then back to English, the default the other tests expect. */
function inLang(code, fn) {
  setLang(code);
  try {
    fn();
  } finally {
    setLang("en");
  }
}
const testEs = (name, fn) => test(`es: ${name}`, () => inLang("es", fn));

/** Spanish times use no-break spaces: "9:00 a. m." never wraps. */
const am = (hm) => `${hm}\u00a0a.\u00a0m.`;
const pm = (hm) => `${hm}\u00a0p.\u00a0m.`;

test("formatDate is M/D/YYYY without leading zeros", () => {
  assert.equal(f.formatDate("2025-03-05"), "3/5/2025");
  assert.equal(f.formatDate("2025-12-31T23:59:00"), "12/31/2025");
  assert.equal(f.formatDate({ year: 2024, month: 2, day: 29, hour: 0, minute: 0 }), "2/29/2024");
});

test("wall-clock fields are used as written, whatever the offset", () => {
  assert.equal(f.formatDate("2025-03-05T23:30:00-05:00"), "3/5/2025");
  assert.equal(f.formatTime("2025-03-05T23:30:00Z"), "11:30pm");
  assert.equal(f.formatTime("2025-03-05T08:00:00.000+09:00"), "8am");
});

test("formatDay is MMM Do", () => {
  assert.equal(f.formatDay("2025-01-01"), "Jan 1st");
  assert.equal(f.formatDay("2025-02-02"), "Feb 2nd");
  assert.equal(f.formatDay("2025-03-03"), "Mar 3rd");
  assert.equal(f.formatDay("2025-04-11"), "Apr 11th");
  assert.equal(f.formatDay("2025-05-12"), "May 12th");
  assert.equal(f.formatDay("2025-06-13"), "Jun 13th");
  assert.equal(f.formatDay("2025-07-21"), "Jul 21st");
  assert.equal(f.formatDay("2025-08-22"), "Aug 22nd");
  assert.equal(f.formatDay("2025-09-23"), "Sep 23rd");
  assert.equal(f.formatDay("2025-12-30"), "Dec 30th");
});

test("formatTime is h:mma, or ha on the hour", () => {
  assert.equal(f.formatTime("2025-03-05T15:05:00"), "3:05pm");
  assert.equal(f.formatTime("2025-03-05T15:00:00"), "3pm");
  assert.equal(f.formatTime("2025-03-05T00:00"), "12am");
  assert.equal(f.formatTime("2025-03-05T00:30"), "12:30am");
  assert.equal(f.formatTime("2025-03-05T12:00"), "12pm");
  assert.equal(f.formatTime("2025-03-05T12:45"), "12:45pm");
  assert.equal(f.formatTime("09:10"), "9:10am");
  assert.equal(f.formatTime("23:00:00"), "11pm");
});

test("unreadable dates give an empty string instead of throwing", () => {
  for (const bad of ["", "soon", "2025-13-01", "2025-00-10", "25:00", null, undefined]) {
    assert.equal(f.formatDate(bad), "");
    assert.equal(f.formatDay(bad), "");
    assert.equal(f.formatTime(bad), "");
  }
  // A time alone has no date to show.
  assert.equal(f.formatDate("10:00"), "");
});

test("ordinal", () => {
  const got = [1, 2, 3, 4, 10, 11, 12, 13, 14, 21, 101, 111, 112, 113, 122].map(f.ordinal);
  assert.deepEqual(got, ["1st", "2nd", "3rd", "4th", "10th", "11th", "12th", "13th", "14th", "21st", "101st", "111th", "112th", "113th", "122nd"]);
});

test("truncate defaults to 20 characters including the ellipsis", () => {
  assert.equal(f.truncate("short"), "short");
  assert.equal(f.truncate("exactly twenty chars"), "exactly twenty chars");
  const long = f.truncate("Pick up at the side door of the church");
  assert.equal(long, "Pick up at the side…");
  assert.ok(long.length <= 20);
  assert.equal(f.truncate("a".repeat(200), 120).length, 120);
});

test("round defaults to 2 decimals and avoids float artefacts", () => {
  assert.equal(f.round(1.005), 1.01);
  assert.equal(f.round(2.345), 2.35);
  assert.equal(f.round(-2.345), -2.35);
  assert.equal(f.round(10), 10);
  assert.equal(f.round(12.3456, 0), 12);
  assert.equal(f.round(12.5, 0), 13);
  assert.equal(f.round(1e-7), 0);
  assert.ok(Object.is(f.round(-0.001), 0));
});

test("digitsOnly is the zip mask: digits only, at most n", () => {
  assert.equal(f.digitsOnly("12a3-45 67", 5), "12345");
  assert.equal(f.digitsOnly("  9 8 ", 5), "98");
  assert.equal(f.digitsOnly("abc", 5), "");
});

test("dayParts gives weekday, date and month (English)", () => {
  assert.deepEqual(f.dayParts("2025-11-24"), { weekday: "Monday", date: 24, month: "Nov" });
  // The weekday of the calendar date as written, whatever the offset.
  assert.deepEqual(f.dayParts("2025-11-24T23:30:00-08:00"), { weekday: "Monday", date: 24, month: "Nov" });
  assert.deepEqual(f.dayParts("2024-02-29"), { weekday: "Thursday", date: 29, month: "Feb" });
  for (const bad of ["", "soon", "2025-13-01", "10:00", null, undefined]) assert.equal(f.dayParts(bad), null);
});

test("the language can change between renders and back", () => {
  assert.equal(f.formatDay("2025-03-05"), "Mar 5th");
  inLang("es", () => assert.equal(f.formatDay("2025-03-05"), "5 de mar"));
  assert.equal(f.formatDay("2025-03-05"), "Mar 5th");
  assert.equal(f.formatTime("15:00"), "3pm");
});

testEs("formatDate writes the month out, day first (never a numeric M/D or D/M)", () => {
  assert.equal(f.formatDate("2025-03-05"), "5 de mar de 2025");
  assert.equal(f.formatDate("2025-12-31T23:59:00"), "31 de dic de 2025");
  assert.equal(f.formatDate({ year: 2024, month: 2, day: 29, hour: 0, minute: 0 }), "29 de feb de 2024");
  assert.equal(f.formatDate("2026-09-01"), "1 de sept de 2026");
  assert.equal(f.formatDate("2025-03-05T23:30:00-05:00"), "5 de mar de 2025");
});

testEs("formatDay is day de month, lowercase short month, no ordinal", () => {
  const got = ["2025-01-01", "2025-02-02", "2025-03-03", "2025-04-11", "2025-05-12", "2025-06-13", "2025-07-21", "2025-08-22", "2025-09-23", "2025-10-30", "2025-11-24", "2025-12-31"].map(f.formatDay);
  assert.deepEqual(got, ["1 de ene", "2 de feb", "3 de mar", "11 de abr", "12 de may", "13 de jun", "21 de jul", "22 de ago", "23 de sept", "30 de oct", "24 de nov", "31 de dic"]);
});

testEs("dayParts: lowercase weekday, full lowercase month", () => {
  assert.deepEqual(f.dayParts("2025-11-24"), { weekday: "lunes", date: 24, month: "noviembre" });
  const week = ["2025-11-23", "2025-11-24", "2025-11-25", "2025-11-26", "2025-11-27", "2025-11-28", "2025-11-29"].map((d) => f.dayParts(d).weekday);
  assert.deepEqual(week, ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"]);
  const months = Array.from({ length: 12 }, (_, i) => f.dayParts({ year: 2025, month: i + 1, day: 1, hour: 0, minute: 0 }).month);
  assert.deepEqual(months, ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"]);
});

testEs("formatTime is h:mm a. m. / p. m., minutes always shown", () => {
  assert.equal(f.formatTime("2025-03-05T15:05:00"), pm("3:05"));
  assert.equal(f.formatTime("2025-03-05T15:00:00"), pm("3:00"));
  assert.equal(f.formatTime("2025-03-05T00:00"), am("12:00"));
  assert.equal(f.formatTime("2025-03-05T00:30"), am("12:30"));
  assert.equal(f.formatTime("2025-03-05T11:59"), am("11:59"));
  assert.equal(f.formatTime("2025-03-05T12:00"), pm("12:00"));
  assert.equal(f.formatTime("2025-03-05T12:45"), pm("12:45"));
  assert.equal(f.formatTime("09:10"), am("9:10"));
  assert.equal(f.formatTime("23:00:00"), pm("11:00"));
  assert.equal(f.formatTime("2025-03-05T23:30:00Z"), pm("11:30"));
  // Only no-break spaces, so the time cannot wrap across lines.
  assert.doesNotMatch(f.formatTime("09:00"), / /);
});

testEs("the pieces make the product owner's delivery-window example", () => {
  // es.json "times.window" as proposed: "{weekday} {date} de {month}, {start}–{end}".
  const p = f.dayParts("2025-11-24T09:00:00");
  const text = `${p.weekday} ${p.date} de ${p.month}, ${f.formatTime("09:00")}–${f.formatTime("18:30")}`;
  assert.equal(text.replace(/\u00a0/g, " "), "lunes 24 de noviembre, 9:00 a. m.–6:30 p. m.");
});

testEs("unreadable dates give an empty string (or null) instead of throwing", () => {
  for (const bad of ["", "soon", "2025-13-01", "2025-00-10", "25:00", null, undefined]) {
    assert.equal(f.formatDate(bad), "");
    assert.equal(f.formatDay(bad), "");
    assert.equal(f.formatTime(bad), "");
    assert.equal(f.dayParts(bad), null);
  }
  assert.equal(f.formatDate("10:00"), "");
});

testEs("ordinal: a Spanish date's day is the plain number", () => {
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(f.ordinal), ["1", "2", "3", "4", "11", "12", "13", "21", "22", "23", "31"]);
});

test("truncate, round, digitsOnly and parseWallClock are the same in Spanish", () => {
  const run = () => [
    f.truncate("Recoja en la puerta lateral de la iglesia"),
    f.truncate("a".repeat(200), 120),
    f.round(1.005),
    f.round(2.345, 1),
    f.round(12.5, 0),
    f.digitsOnly("12a3-45 67", 5),
    f.parseWallClock("2025-03-05T09:30:00-05:00"),
    f.parseWallClock("18:30"),
  ];
  const en = run();
  let es;
  inLang("es", () => (es = run()));
  assert.deepEqual(es, en);
  assert.equal(es[0], "Recoja en la puerta…");
  // es-US writes numbers like en-US: the value goes into messages as "2.3", never "2,3".
  assert.equal(String(es[3]), "2.3");
});

// The table the server's words for times are held to as well (host/infra/time_words.rs): a
// reminder, the change log's CSV and a page say the same "2:30pm".
const timeWords = JSON.parse(readFileSync(new URL("../fixtures/time-words.json", import.meta.url), "utf8"));
const byKind = { date: f.formatDate, day: f.formatDay, time: f.formatTime, dateTime: f.formatDateTime };

test("every kind of time is written as the shared table says, in every language", () => {
  assert.ok(timeWords.length >= 20);
  const registry = JSON.parse(readFileSync(new URL("../../app/src/i18n/languages.json", import.meta.url), "utf8"));
  assert.deepEqual([...new Set(timeWords.map((c) => c.lang))].sort(), registry.map((l) => l.code).sort(), "a row for every language");
  for (const c of timeWords) {
    addMessages(dateWords(c.lang));
    inLang(c.lang, () => assert.equal(byKind[c.kind](c.value), c.text, `${c.kind} ${c.lang} ${c.value}`));
  }
});

test("formatTimes writes both ends of a range on the 12-hour clock", () => {
  assert.deepEqual(f.formatTimes("14:00", "14:30"), { starts: "2pm", ends: "2:30pm" });
  assert.deepEqual(f.formatTimes("00:00", "00:00"), { starts: "12am", ends: "12am" });
});

test("formatDateTime of no readable value is empty", () => {
  assert.equal(f.formatDateTime(""), "");
  assert.equal(f.formatDateTime(null), "");
});
