// Delivery runs (issue 51): the food bank's admin splits a window's 10 packed deliveries into 2
// runs on /staff/runs, gives each a driver, moves a stop and starts both; the drivers (390 px,
// /staff/runs/{id}) mark their stops delivered and one nobody home; the coordinator closes that
// one as not delivered and its stock is back once; a driver cannot open the other's run (403).
// The shoppers' order pages and messages show each step. The addresses were saved without a
// geocoder, so each stands at its ZIP's centre and the pages say so. Every order ends closed (the
// server is shared with the other suites). Run through `cargo test --test it browser::runs`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DEMO_PASSWORD, apiValue, assertAccessible, collectProblems, launch, localInstant, logIn, mailText, moveClockTo, newShopper, url, waitForApp } from "./lib.mjs";

const ADMIN = "admin@example.org";
const DRIVERS = ["driver@example.org", "driver2@example.org"];
const PROGRAM = "Franklin County Home Delivery";
/** Homes around Columbus, by ZIP (their centres stand for them: no geocoder in tests). */
const ZIPS = ["43201", "43202", "43214", "43224", "43211", "43205", "43206", "43207", "43223", "43204"];

const token = (email) => apiValue("POST", "/account/login", null, { Username: email, Password: DEMO_PASSWORD });

/** A new shopper allowed home delivery, with a home in `zip` and a packed order of one unit of `item` in `window`. */
async function packedDelivery(window, item, zip, n, admin) {
  const shopper = await newShopper(`run${n}`);
  const [claim] = await apiValue("POST", "/referralcodes/claims", shopper.jwt, ["DELIVERCOH"]);
  assert.ok(claim.isAppliedSuccessfully, JSON.stringify(claim));
  const address = await apiValue("POST", "/account/addresses", shopper.jwt, {
    name: "Home",
    isPrimary: true,
    notes: n === 0 ? "Side door, ring twice" : undefined,
    address: { addressLine1: `${10 + n} Main St`, city: "Columbus", province: "OH", postalCode: zip },
  });
  const orderId = await apiValue("POST", "/order", shopper.jwt, {
    pantryLocationID: null,
    pantryLocationPickupTimeID: null,
    foodBankDeliveryTimeID: window.id,
    foodInsecureNeighborAddressID: address.id,
    pantryOrderItems: [{ pantryInventoryItemID: item.id, isSubstituteOk: true, quantity: 1 }],
  });
  for (const action of ["startPacking", "markReady"]) await apiValue("POST", `/staff/orders/${orderId}/state`, admin, { action });
  return { ...shopper, orderId };
}

const stateOf = async (d) => (await apiValue("GET", `/orders/${d.orderId}`, d.jwt)).pantryOrderStatusType.code;
const onShelf = async (window, itemId) => (await apiValue("GET", `/deliverytimes/${window.id}/inventory`)).items.find((i) => i.id === itemId).quantity;
const runIds = async (page) => page.locator("article.staff-run h3 a").evaluateAll((links) => links.map((a) => Number(a.getAttribute("href").split("/").pop())));

describe("delivery runs", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("a coordinator splits, moves and starts runs; drivers deliver; a missed stop is closed with its stock back once", async () => {
    const admin = await token(ADMIN);
    const program = (await apiValue("GET", "/staff/delivery-schedule", admin)).programs.find((p) => p.name === PROGRAM);
    const soon = Date.now() + 3600_000;
    const window = (await apiValue("GET", "/foodbanks/1/deliverytimes")).find(
      (w) => w.entityDeliveryProgramID === program.id && localInstant(w.deliveryDay, w.deliveryStartTime, "America/New_York").getTime() > soon,
    );
    assert.ok(window, "a home delivery window ahead");
    const { items } = await apiValue("GET", `/deliverytimes/${window.id}/inventory`);
    const item = items.find((i) => (i.quantity ?? 0) > 20 && (i.effectiveLimit?.limit ?? 1) > 0);
    const deliveries = [];
    for (const [n, zip] of ZIPS.entries()) deliveries.push(await packedDelivery(window, item, zip, n, admin));
    const before = await onShelf(window, item.id);

    // The coordinator makes two runs of the window's ten.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await logIn(page, ADMIN, "/staff/runs");
    await page.goto(url(`/staff/runs?window=${window.id}`));
    await waitForApp(page);
    await page.getByText("Packed orders waiting for a run: 10").waitFor();

    // The coordinator keeps the program's drivers: a typo is refused at its field, a newcomer is
    // invited by e-mail, then removed again.
    const newcomer = `newdriver.${Date.now()}@example.org`;
    await page.getByLabel("Driver's e-mail").fill("not an address");
    await page.getByRole("button", { name: "Add driver" }).click();
    await page.locator("#runs-email-error").waitFor();
    await assertAccessible(page, "the runs board with a refused driver");
    await page.getByLabel("Driver's e-mail").fill(newcomer);
    await page.getByRole("button", { name: "Add driver" }).click();
    await page.getByRole("status").filter({ hasText: "The driver is added" }).waitFor();
    await mailText(newcomer, "delivery driver");
    await page.getByRole("button", { name: `Remove ${newcomer} as a driver` }).click();
    await page.getByRole("status").filter({ hasText: "The driver is removed" }).waitFor();
    assert.equal(await page.getByRole("button", { name: `Remove ${newcomer} as a driver` }).count(), 0);
    await page.getByLabel("Number of drivers").fill("2");
    await page.getByRole("button", { name: "Make runs" }).click();
    await page.getByRole("status").filter({ hasText: "The runs are made." }).waitFor();
    const runs = await runIds(page);
    assert.equal(runs.length, 2);
    const stopsOf = (run) => page.locator("article.staff-run").filter({ has: page.locator(`a[href="/staff/runs/${run}"]`) }).locator("li[data-stop]");
    assert.deepEqual([await stopsOf(runs[0]).count(), await stopsOf(runs[1]).count()], [5, 5]);
    await page.getByText("ZIP centre used").first().waitFor();
    await assertAccessible(page, "the runs board");

    // A driver each, then a stop of run 1 moved to run 2.
    for (const [i, run] of runs.entries()) {
      const card = page.locator("article.staff-run").filter({ has: page.locator(`a[href="/staff/runs/${run}"]`) });
      await card.getByLabel("Driver").selectOption({ label: i === 0 ? "Dana Driver" : "Dev Driver" });
      await card.getByRole("button", { name: "Save driver" }).click();
      await page.getByRole("status").filter({ hasText: "The driver is saved." }).waitFor();
    }
    const moved = Number(await stopsOf(runs[0]).first().getAttribute("data-stop"));
    await stopsOf(runs[0]).first().getByRole("button", { name: /^Move the stop of / }).click();
    await page.getByRole("status").filter({ hasText: "The stop moved; both runs are routed again." }).waitFor();
    assert.deepEqual([await stopsOf(runs[0]).count(), await stopsOf(runs[1]).count()], [4, 6]);
    const inRun = async (run) => (await stopsOf(run).evaluateAll((lis) => lis.map((li) => Number(li.dataset.stop))));
    const [first, second] = [await inRun(runs[0]), await inRun(runs[1])];
    assert.ok(second.includes(moved) && !first.includes(moved));

    // Both runs leave: their orders are out for delivery, and the shoppers see it.
    for (const run of runs) {
      await page.getByRole("button", { name: `Start run ${runs.indexOf(run) + 1}` }).click();
      await page.getByRole("status").filter({ hasText: "The run started: its orders are out for delivery." }).waitFor();
    }
    await assertAccessible(page, "the runs board on the road");
    const byOrder = new Map(deliveries.map((d) => [d.orderId, d]));
    const watched = byOrder.get(first[0]);
    assert.equal(await stateOf(watched), "OUT_FOR_DELIVERY");
    const shopper = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const orderPage = await shopper.newPage();
    const shopperProblems = collectProblems(orderPage);
    await logIn(orderPage, watched.email, `/account/orders/${watched.orderId}`, watched.password);
    await orderPage.locator(".status-badge").getByText("Out for delivery").waitFor();
    await assertAccessible(orderPage, "an order out for delivery");

    // Dana (390 px) finds her run on Today, delivers three stops and finds nobody home at one.
    const danaContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const dana = await danaContext.newPage();
    const danaProblems = collectProblems(dana);
    await logIn(dana, DRIVERS[0], "/staff");
    await waitForApp(dana);
    await dana.getByRole("link", { name: /^Run 1 · / }).click();
    await dana.waitForURL((u) => u.pathname === `/staff/runs/${runs[0]}`);
    await waitForApp(dana);
    const stop = (order) => dana.locator(`li[data-stop="${order}"]`);
    await stop(first[0]).getByRole("link", { name: /^Call / }).waitFor();
    assert.match(await stop(first[0]).getByRole("link", { name: /Main St, Columbus, OH/ }).getAttribute("href"), /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    await assertAccessible(dana, "the run sheet on a phone");
    const missed = first[first.length - 1];
    for (const order of first) {
      const outcome = order === missed ? "Nobody home" : "Delivered";
      await stop(order).getByRole("button", { name: new RegExp(`^${outcome}: `) }).click();
      await dana.getByRole("status").filter({ hasText: `Saved: ${outcome}.` }).waitFor();
      await stop(order).getByText(`(${outcome})`).waitFor();
    }
    await assertAccessible(dana, "the run sheet with its stops reported");
    // Dev's run is not hers.
    const forbidden = await dana.goto(url(`/staff/runs/${runs[1]}`));
    assert.equal(forbidden.status(), 403);

    // Dev delivers all of his through the API his page uses.
    const dev = await token(DRIVERS[1]);
    const sheet = await apiValue("GET", `/staff/runs/${runs[1]}`, dev);
    for (const s of sheet.run.stops) await apiValue("POST", `/staff/runs/${runs[1]}/stops/${s.id}`, dev, { outcome: "delivered" });

    // The watched shopper's page says Delivered, and their messages told each step.
    await orderPage.reload();
    await orderPage.locator(".status-badge").getByText("Delivered").waitFor();
    const news = (await apiValue("GET", "/messages?lang=en", watched.jwt)).map((m) => JSON.stringify(m.data));
    assert.ok(news.some((m) => m.includes("Your order is on its way")) && news.some((m) => m.includes("Your order was delivered")), news.join("\n"));

    // Once the window has begun, the coordinator closes the missed stop: not delivered, its unit back once.
    assert.equal(await stateOf(byOrder.get(missed)), "OUT_FOR_DELIVERY");
    assert.equal(await onShelf(window, item.id), before);
    await moveClockTo(new Date(localInstant(window.deliveryDay, window.deliveryStartTime, "America/New_York").getTime() + 30 * 60_000));
    await page.reload();
    await waitForApp(page);
    await page.getByRole("button", { name: /^Close the stop of .* as not delivered$/ }).click();
    await page.getByRole("status").filter({ hasText: "The stop is closed as not delivered; its food is back in stock." }).waitFor();
    assert.equal(await page.getByRole("button", { name: /as not delivered$/ }).count(), 0, "nothing more to close");
    assert.equal(await stateOf(byOrder.get(missed)), "NO_SHOW");
    assert.equal(await onShelf(window, item.id), before + 1, "its unit is back");
    const again = await fetch(url(`/api/v1/staff/runs/${runs[0]}/stops/${sheet.run.stops[0].id}/confirm`), { method: "POST", headers: { Authorization: `Bearer ${admin}` } });
    assert.ok(again.status >= 400, "a closed stop is not closed again");
    assert.equal(await onShelf(window, item.id), before + 1, "and once only");
    const missedShopper = byOrder.get(missed);
    const missedPage = await shopper.newPage();
    await logIn(missedPage, missedShopper.email, `/account/orders/${missed}`, missedShopper.password);
    await missedPage.locator(".status-badge").getByText("Not delivered").waitFor();
    await assertAccessible(missedPage, "an order not delivered");

    // Every order of the test is closed.
    for (const d of deliveries) assert.ok(["PICKED_UP", "NO_SHOW"].includes(await stateOf(d)), `${d.orderId}`);
    assert.deepEqual(problems.filter((p) => !/status of (403|422)/.test(p)), []);
    assert.deepEqual(danaProblems.filter((p) => !/status of 403/.test(p)), []);
    assert.deepEqual(shopperProblems, []);
    await Promise.all([context.close(), danaContext.close(), shopper.close()]);
  });
});
