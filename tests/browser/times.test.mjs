// One clock on every screen (issue 47): a browser in Tokyo reads the times of a Columbus pantry as
// the pantry does. Every time a staff page and a shopper page show (a stock movement, the stock
// list's last movement, a change-log entry, a code's expiry, an order's history and slot, an
// order's day) is the pantry's wall clock on the 12-hour clock, the server's HTML says the same as
// the hydrated page, and React reports no hydration error. Run through
// `cargo test --test it browser::times`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DEMO_PASSWORD, apiValue, collectProblems, launch, logIn, shopperWithOrder, url, waitForApp } from "./lib.mjs";

/** The demo's Columbus pantries keep Eastern time; the browser is nine hours ahead of UTC. */
const PANTRY_ZONE = "America/New_York";
const BROWSER_ZONE = "Asia/Tokyo";

/** `instant` (any ISO form) as the pantry's wall clock, the way the spec writes it: "12/3/2026 2:22pm". */
function wallClock(instant) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: PANTRY_ZONE, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "2-digit", hour12: true })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const half = parts.dayPeriod.toLowerCase();
  const time = parts.minute === "00" ? `${parts.hour}${half}` : `${parts.hour}:${parts.minute}${half}`;
  return `${parts.month}/${parts.day}/${parts.year} ${time}`;
}

/** "14:30:00" as the spec's h:mma. */
function clock(hms) {
  const [h, m] = hms.split(":").map(Number);
  const half = h < 12 ? "am" : "pm";
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${h12}${half}` : `${h12}:${String(m).padStart(2, "0")}${half}`;
}

const signIn = (email) => apiValue("POST", "/account/login", null, { Username: email, Password: DEMO_PASSWORD });

describe("times", () => {
  let browser;
  let staff;
  let admin;
  before(async () => {
    browser = await launch();
    staff = await signIn("pantry@example.org");
    admin = await signIn("admin@example.org");
  });
  after(async () => {
    await browser?.close();
  });

  /**
   * `path` as `email` reads it: the server's HTML (JavaScript off) and the page hydrated in Tokyo.
   * Both must contain every text of `expected`; the hydrated page must log no error.
   */
  async function sameOnServerAndInTokyo(email, path, expected, password = DEMO_PASSWORD) {
    const plain = await browser.newContext({ javaScriptEnabled: false, timezoneId: BROWSER_ZONE });
    const live = await browser.newContext({ timezoneId: BROWSER_ZONE });
    try {
      // Signed in with JavaScript on; the session cookie serves the JavaScript-off context too.
      const page = await live.newPage();
      const problems = collectProblems(page);
      await logIn(page, email, path, password);
      await waitForApp(page);
      await plain.addCookies(await live.cookies());
      const server = await plain.newPage();
      await server.goto(url(path));
      const serverText = await server.locator("main").innerText();
      const liveText = await page.locator("main").innerText();
      for (const text of expected) {
        assert.ok(serverText.includes(text), `${path}: the server's HTML has ${JSON.stringify(text)}:\n${serverText}`);
        assert.ok(liveText.includes(text), `${path}: the page in Tokyo has ${JSON.stringify(text)}:\n${liveText}`);
      }
      // No 24-hour clock and no UTC anywhere on the page, in either rendering.
      for (const text of [serverText, liveText]) {
        assert.doesNotMatch(text, /\b\d{1,2}:\d{2}\b(?!\s*[ap]m|[ap]m)|\bUTC\b/, `${path}: ${text}`);
      }
      assert.deepEqual(problems, [], `${path}: no hydration error in another zone`);
    } finally {
      await plain.close();
      await live.close();
    }
  }

  test("a stock movement: the item's history and the stock list's last movement, at the pantry's time", async () => {
    const { pantries } = await apiValue("GET", "/staff/stock", staff);
    const main = pantries.find((p) => /Main Library/.test(p.name));
    const item = (await apiValue("GET", `/staff/stock?pantry=${main.id}`, staff)).items.find((i) => i.isActive);
    await apiValue("POST", `/staff/stock/${item.id}/movements`, staff, { reason: "received", units: 3 });
    const history = await apiValue("GET", `/staff/stock/${item.id}`, staff);
    const moved = history.movements[0];
    // The API says it with the pantry's offset, the same instant as ever.
    assert.match(moved.at, /[-+]0[45]:00$/);
    const shown = wallClock(moved.at);
    await sameOnServerAndInTokyo("pantry@example.org", `/staff/stock/${item.id}`, [shown]);
    await sameOnServerAndInTokyo("pantry@example.org", `/staff/stock?pantry=${main.id}&search=${encodeURIComponent(item.product)}`, [shown]);

    // The change log files the same move at the same time.
    const log = await apiValue("GET", "/staff/audit", admin);
    const entry = log.entries.find((e) => e.subject === `inventoryItem:${item.id}`);
    assert.ok(entry, JSON.stringify(log.entries.slice(0, 3)));
    // Only this pantry's stock moves: other suites' schedule changes carry "09:00" as stored values.
    await sameOnServerAndInTokyo("admin@example.org", `/staff/audit?pantry=${main.id}&action=stock.move`, [wallClock(entry.at)]);
  });

  test("a code's expiry: the last day's end in the food bank's zone, the same on the server and in Tokyo", async () => {
    const code = `TZ${Date.now().toString(36).toUpperCase()}`.slice(0, 16);
    // Midnight in Columbus starting Jan 15th: the code works through Jan 14th.
    const made = await apiValue("POST", "/staff/codes", admin, { code, scope: "foodBank", expiresAt: "2027-01-15T05:00:00Z" });
    assert.equal(made.expiresAt.slice(0, 19), "2027-01-15T00:00:00");
    await sameOnServerAndInTokyo("admin@example.org", "/staff/codes", ["1/15/2027 12am"]);
  });

  test("an order: its history and slot at the packing table, and the day it was placed on the shopper's page", async () => {
    const shopper = await shopperWithOrder("times");
    const order = await apiValue("GET", `/staff/orders/${shopper.orderId}`, staff);
    const placed = order.history[0].at;
    const slot = `${clock(shopper.time.pickupStartTime)} to ${clock(shopper.time.pickupEndTime)}`;
    await sameOnServerAndInTokyo("pantry@example.org", `/staff/orders/${shopper.orderId}`, [wallClock(placed), slot]);
    await sameOnServerAndInTokyo("pantry@example.org", `/staff/pantries/${shopper.pantryId}?date=${shopper.day}`, [slot]);

    const mine = await apiValue("GET", `/orders/${shopper.orderId}`, shopper.jwt);
    assert.equal(wallClock(mine.created), wallClock(placed));
    const day = wallClock(mine.created).split(" ")[0];
    await sameOnServerAndInTokyo(shopper.email, `/account/orders/${shopper.orderId}`, [day], shopper.password);
  });
});
