import assert from "node:assert/strict";
import { test } from "node:test";
import { testLib } from "./lib.mjs";

const f = await import(testLib("format"));

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
