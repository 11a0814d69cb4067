// Shared helpers for the browser tests. The Rust test harness starts the server and sets BASE_URL;
// playwright-core comes from app/node_modules and drives Debian's Chromium (no browser download).
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { deflateSync } from "node:zlib";

const require = createRequire(new URL("../../app/package.json", import.meta.url));
const { chromium } = require("playwright-core");

export const BASE_URL = process.env.BASE_URL;
// A suite without a server must fail loudly, never pass by skipping.
if (!BASE_URL) throw new Error("BASE_URL is not set: run the browser suites through `cargo test` (tests/it/browser.rs)");

export const url = (path) => new URL(path, BASE_URL).href;

/**
 * Moves the page's clock on by `ms` (installed with `page.clock.install()` before the page loads),
 * firing the timers that fall due, then lets the app commit what they changed. React renders a
 * timer's update in a task it posts through a MessageChannel, so five round trips through another
 * one come after it. The same two steps are how a test shows a thing happens and how it shows a
 * thing does not: a check that nothing appeared stands beside one that the same steps show it.
 */
export async function runTimers(page, ms) {
  await page.clock.runFor(ms);
  await settle(page);
}

/** Lets React commit the updates the timers just fired (see `runTimers`). */
async function settle(page) {
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        let left = 5;
        channel.port1.onmessage = () => (--left ? channel.port2.postMessage(null) : resolve());
        channel.port2.postMessage(null);
      }),
  );
}

/** Stops the page's clock (installed, flowing) where it is now: from here only `runTimers` moves it. */
export async function holdClock(page) {
  // pauseAt jumps forward to its instant, so it is given the page's own now and a moment more. On a
  // loaded machine the flowing clock can pass that instant while the call travels; pauseAt has then
  // already stopped the clock when it refuses ("Cannot fast-forward to the past", CI stop 45), so
  // a second try, from a clock that no longer moves, cannot race.
  const pause = async () => page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  await pause().catch((e) => {
    if (!/fast-forward to the past/.test(e?.message ?? "")) throw e;
    return pause();
  });
  await settle(page);
}

/**
 * Installs the page's clock held still from the start, before the page opens: only `runTimers`
 * (or `clock.resume()`) moves it. Installed a minute before the instant it is held at, because the
 * installed clock flows while the second call travels and cannot be held in its past.
 */
export async function installHeldClock(page) {
  const at = Date.now();
  await page.clock.install({ time: at - 60_000 });
  await page.clock.pauseAt(at);
}

/** Spec §9 "sign-up offer delay": the shop offers the TEFAP survey this long after it opens. */
export const SIGN_UP_OFFER_DELAY_MS = 2000;

/** Whether the shop's TEFAP offer has fired (its dialog follows once its code has loaded). */
export const offered = async (page) => (await page.locator(".shop[data-offer='tefap']").count()) === 1;

/**
 * Debian's Chromium. Shoppers in these suites have already answered the shop's TEFAP prompt (it
 * would cover every demo shop, their food banks being in the program); a context made with
 * `{ tefapAnswered: false }` meets it, as a first-time shopper does.
 */
export async function launch() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const newContext = browser.newContext.bind(browser);
  const violations = [];
  browser.newContext = async ({ tefapAnswered = true, ...options } = {}) => {
    const context = await newContext(options);
    failOnCspViolations(context, violations);
    if (tefapAnswered && options.javaScriptEnabled !== false) {
      await context.addInitScript(() => {
        if (localStorage.getItem("oa.tefapAnswered") === null) localStorage.setItem("oa.tefapAnswered", "true");
      });
    }
    return context;
  };
  // A context a test left open still gets its violations reported, by the suite's browser.close().
  const close = browser.close.bind(browser);
  browser.close = async (...args) => {
    await close(...args);
    if (violations.length) throw new Error(`Content-Security-Policy violations:\n  ${violations.join("\n  ")}`);
  };
  return browser;
}

/**
 * Every page of the context runs under the site's Content-Security-Policy (no inline styles, only
 * nonced scripts): Chromium reports what it blocked on the console, which fails the test when the
 * context closes, whether or not the test itself watches the console.
 */
function failOnCspViolations(context, violations) {
  const own = [];
  context.on("console", (msg) => {
    if (!/Content Security Policy/.test(msg.text())) return;
    const entry = `${msg.text()} ${msg.location()?.url ?? ""}`.trim();
    own.push(entry);
    violations.push(entry);
  });
  const close = context.close.bind(context);
  context.close = async (...args) => {
    await close(...args);
    if (own.length) {
      // Reported here; the browser's close need not report them again.
      for (const v of own) violations.splice(violations.indexOf(v), 1);
      throw new Error(`Content-Security-Policy violations:\n  ${own.join("\n  ")}`);
    }
  };
}

/**
 * Records console errors and warnings (React reports hydration mismatches there) and uncaught
 * page errors. A 404 for a page or its /_data is the Not Found page working, not a problem;
 * a 404 for an asset (script, stylesheet, icon) still counts.
 */
export function collectProblems(page) {
  const problems = [];
  page.on("console", (msg) => {
    if (msg.type() !== "error" && msg.type() !== "warning") return;
    const where = msg.location()?.url ?? "";
    if (/status of 404/.test(msg.text()) && !/\/assets\/|\.(png|ico|webmanifest)$/.test(where)) return;
    problems.push(`${msg.type()}: ${msg.text()} ${where}`.trim());
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

/** Resolves once React has hydrated (or rendered) the page: the app marks <html data-oa-ready>. */
export function waitForApp(page) {
  return page.waitForSelector("html[data-oa-ready]", { state: "attached", timeout: 10_000 });
}

/** Marks the window; if the mark survives a navigation, the router handled it without a page load. */
export async function markWindow(page) {
  await page.evaluate(() => {
    window.__oaMark = true;
  });
}
export const windowMarked = (page) => page.evaluate(() => window.__oaMark === true);

const axeSource = (() => {
  const { readFileSync } = require("node:fs");
  return readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
})();

/**
 * Runs axe-core (WCAG 2 A/AA rules) on the page as it stands, open dialogs included, and fails on
 * any serious or critical violation, naming the rule and the elements.
 */
export async function assertAccessible(page, where) {
  // Colours are judged as they settle: a button still fading in would read as low contrast.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
  // Evaluated through the DevTools protocol, so the page's CSP does not apply to the injection.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      resultTypes: ["violations"],
    });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join(", ")}`);
  });
  if (violations.length) throw new Error(`axe on ${where}:\n  ${violations.join("\n  ")}`);
}

/** An API call's value; fails the test unless the API's envelope says it succeeded. */
export async function apiValue(method, path, token, body) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(url(`/api/v1${path}`), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = await res.json();
  assert.ok(answer.successful, `${method} ${path}: ${res.status} ${answer.failureReason}`);
  return answer.value;
}

/** Orders placed through the API skip the checkout; Place Order still wants what it asks (screening and survey). */
export async function answerCheckoutQuestions(token) {
  assert.equal(await apiValue("POST", "/account/eligibilitystatus", token, { worriedFoodWillRunOut: 1, foodDidNotLast: 1, receivedCharityFood: 1 }), true);
  const [gender] = await apiValue("GET", "/genders");
  const [race] = await apiValue("GET", "/races");
  await apiValue("POST", "/account/survey", token, {
    householdMembersResponse: 2,
    street: "7 Oak St",
    city: "Columbus",
    state: "OH",
    dateOfBirth: { month: 5, year: new Date().getFullYear() - 30 },
    genderId: gender.id,
    raceId: race.id,
    howDidYouHear: "A neighbour",
    participationResponse: {},
  });
}

/** A new account (e-mail `<prefix>.…@example.org`) with the checkout's questions answered (Place Order asks for them). */
export async function newShopper(prefix) {
  const email = `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2)}@example.org`;
  const password = "a good password 8";
  const { jwt } = await apiValue("POST", "/account", null, {
    firstName: "Nora",
    lastName: "Script",
    eMailAddress: email,
    password,
    phoneNumber: "(614) 555-0144",
    isEligible: true,
  });
  await answerCheckoutQuestions(jwt);
  return { email, password, jwt };
}

/** The text of the first mail to `email` that holds `needle`, from the server's outbox (polled for: the outbox's sender delivers it after the answer). */
export async function mailText(email, needle) {
  const outbox = process.env.OUTBOX;
  if (!outbox) throw new Error("OUTBOX is not set: run the browser suites through `cargo test` (tests/it/browser.rs)");
  for (let i = 0; i < 100; i++) {
    for (const name of await readdir(outbox).catch(() => [])) {
      if (!name.endsWith(".eml")) continue;
      const text = (await readFile(join(outbox, name), "utf8")).replaceAll("=\r\n", "");
      if (text.includes(`To: ${email}`) && text.includes(needle)) return text;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${email} with ${needle} in ${outbox}`);
}

/** The path of the reset link mailed to `email`, from the server's outbox. */
export async function mailedLinkPath(email) {
  const text = await mailText(email, "/account/update-password/");
  const m = text.match(/\/account\/update-password\/[A-Za-z0-9_-]{43}\/\d{6}/);
  assert.ok(m, `no reset link in the mail to ${email}`);
  return m[0];
}

/**
 * Moves the server's clock on to `instant` (a Date) through the test harness's control port (see
 * tests/it/support.rs); the harness puts it back after the suite.
 */
export async function moveClockTo(instant) {
  const res = await fetch(`${process.env.CONTROL_URL}/clock?to=${encodeURIComponent(instant.toISOString())}`, { method: "POST" });
  assert.equal(res.status, 200, await res.text());
}

/** Runs the server's due jobs now (the no-show job), through the harness's control port. */
export async function runDueJobs() {
  const res = await fetch(`${process.env.CONTROL_URL}/jobs`, { method: "POST" });
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return JSON.parse(text);
}

/** The instant a pantry's local wall-clock `day` ("2026-11-25") and `time` ("14:30:00") name in `timeZone`. */
export function localInstant(day, time, timeZone) {
  const naive = new Date(`${day}T${time}Z`);
  // The zone's offset at about that instant (DST changes at 2 a.m., away from pickup hours).
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(naive).find((p) => p.type === "timeZoneName").value;
  const m = name.match(/GMT([+-])(\d{2}):(\d{2})/);
  const offsetMinutes = m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  return new Date(naive.getTime() - offsetMinutes * 60_000);
}

export const DEMO_PASSWORD = "OrderAhead!demo";
export const COLUMBUS = { lat: 39.9612, lng: -82.9988 };
/** An order's number as shoppers and staff read it. */
export const orderNumber = (id) => id.toString(16).toUpperCase();

/** The Main Library, near downtown Columbus (staffed by the demo's pantry staff and volunteer). */
export async function mainLibrary() {
  const pantries = await apiValue("GET", `/locations?lat=${COLUMBUS.lat}&lng=${COLUMBUS.lng}&radiusMiles=10`);
  const main = pantries.find((p) => /Main Library/.test(p.pantryLocationLabel ?? p.label ?? p.name ?? ""));
  assert.ok(main, "the Main Library is near downtown Columbus");
  return main;
}

/**
 * A new shopper (`newShopper(prefix)`) with an order of `quantity` of one item at the Main Library's
 * first pickup time; with the item and the time it booked.
 */
export async function shopperWithOrder(prefix, quantity = 1) {
  const shopper = await newShopper(prefix);
  const main = await mainLibrary();
  const time = main.pantryLocationPickupTimes[0];
  const item = (await apiValue("GET", `/locations/${main.id}/inventory`)).items.find((i) => i.quantity > quantity && (i.effectiveLimit?.limit ?? quantity) >= quantity);
  const orderId = await apiValue("POST", "/order", shopper.jwt, {
    pantryLocationID: main.id,
    pantryLocationPickupTimeID: time.id,
    foodBankDeliveryTimeID: null,
    foodInsecureNeighborAddressID: null,
    pantryOrderItems: [{ pantryInventoryItemID: item.id, isSubstituteOk: true, quantity }],
  });
  return { ...shopper, orderId, pantryId: main.id, day: time.pickupDay, time, item };
}

/** Signs in on the login page (answering "Remember Me?" No) and lands on `returnTo`. */
export async function logIn(page, email, returnTo, password = DEMO_PASSWORD) {
  await page.goto(url(`/account/login?returnTo=${encodeURIComponent(returnTo)}`));
  await waitForApp(page);
  await page.getByRole("textbox", { name: "E-Mail" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("dialog", { name: "Remember Me?" }).getByRole("button", { name: "No" }).click();
  await page.waitForURL((u) => u.pathname === returnTo.split("?")[0]);
}

/** CRC-32 as PNG chunks use it. */
function crc32(bytes) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A `w` x `h` RGB PNG with a gradient: a real photo's stand-in, made here rather than shipped. */
export function png(w, h) {
  const chunk = (type, data) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, "latin1");
    data.copy(out, 8);
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) rows.set([(x * 255) / w, (y * 255) / h, 120], y * (w * 3 + 1) + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}
