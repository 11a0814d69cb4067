// No-shows (issue 23): an order nobody collects becomes "Not picked up" once its pickup window has
// ended more than the grace period (2 hours) ago, by the server's own job; its stock is back on the
// shelf, the pantry's queue counts it as a no-show, and the shopper's order says so in red. The
// server's clock is moved past the window through the test harness's control port (never part of
// the app). Run through `cargo test --test it browser::no_show`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { apiValue, assertAccessible, collectProblems, launch, localInstant, logIn, moveClockTo, orderNumber, runDueJobs, shopperWithOrder, url, waitForApp } from "./lib.mjs";

const GRACE_MS = 2 * 60 * 60 * 1000;
const JOB_EVERY_MS = 6 * 60 * 1000;
const onShelf = async (pantryId, itemId) => (await apiValue("GET", `/locations/${pantryId}/inventory`)).items.find((i) => i.id === itemId).quantity;

describe("no-shows", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("an uncollected order becomes Not picked up after the grace period and its stock is back", async () => {
    const { email, password, jwt, orderId, pantryId, day, time, item } = await shopperWithOrder("noshow", 2);
    const held = await onShelf(pantryId, item.id);
    assert.equal(held, item.quantity - 2, "the order holds its two");

    // Before the grace period ends the job leaves the order alone.
    const windowEnd = localInstant(time.pickupDay, time.pickupEndTime, "America/New_York");
    await moveClockTo(new Date(windowEnd.getTime() + GRACE_MS - 60_000));
    await runDueJobs();
    assert.equal((await apiValue("GET", `/orders/${orderId}`, jwt)).pantryOrderStatusType.code, "SUBMITTED");

    // Past it (and past the job's next turn: it runs every 5 minutes), the job (run now, or by
    // the server's own pass if that holds it) closes the order.
    await moveClockTo(new Date(windowEnd.getTime() + GRACE_MS + JOB_EVERY_MS));
    let status;
    for (let tries = 0; tries < 100; tries++) {
      await runDueJobs();
      status = (await apiValue("GET", `/orders/${orderId}`, jwt)).pantryOrderStatusType;
      if (status.code === "NO_SHOW") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(status.code, "NO_SHOW", JSON.stringify(status));
    assert.equal(status.isCancelledType, true, "a no-show counts as cancelled for the badge");
    assert.equal(await onShelf(pantryId, item.id), held + 2, "its stock is back, once");
    await runDueJobs();
    assert.equal(await onShelf(pantryId, item.id), held + 2, "a second pass gives nothing back again");

    // The shopper's order says so, under the red badge.
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await logIn(page, email, `/account/orders/${orderId}`, password);
    await page.locator(".status-badge.status-danger").getByText("Not picked up").waitFor();
    await assertAccessible(page, "a no-show order");
    await context.close();

    // The pantry's queue for that day counts it and names its state.
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await logIn(staff, "pantry@example.org", "/staff");
    await staff.goto(url(`/staff/pantries/${pantryId}?date=${day}`));
    await waitForApp(staff);
    const row = staff.getByRole("row").filter({ has: staff.getByRole("link", { name: orderNumber(orderId), exact: true }) });
    await row.getByText("No-show", { exact: true }).waitFor();
    await assertAccessible(staff, "the queue with a no-show");
    assert.deepEqual(problems, []);
    await staffContext.close();
  });
});
