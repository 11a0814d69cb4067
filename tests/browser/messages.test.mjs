// Messages (/messages): the general notifications without JavaScript; with it, a notification opens
// its detail and is then read; a signed-in shopper also sees an upcoming order.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertAccessible, collectProblems, launch, url, waitForApp } from "./lib.mjs";

async function general() {
  const body = await fetch(url("/api/v1/messages")).then((r) => r.json());
  assert.ok(body.successful);
  const notes = body.value.filter((m) => m.type === "notification");
  assert.ok(notes.length > 0, "the demo data has general notifications");
  return notes;
}

describe("messages", () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test("without JavaScript the general notifications are listed", async () => {
    const notes = await general();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto(url("/messages"));
    assert.equal(res.status(), 200);
    await page.getByRole("heading", { level: 1, name: "Messages" }).waitFor();
    for (const n of notes) await page.getByText(n.data.title).waitFor();
    await context.close();
  });

  test("a visitor opens Messages from the menu, reads a notification, and it is no longer new", async () => {
    const [first] = await general();
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/"));
    await waitForApp(page);
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Messages" }).click();
    await page.waitForURL((u) => u.pathname === "/messages");
    const entry = page.getByRole("button", { name: new RegExp(`^${first.data.title} New`) });
    await entry.waitFor();
    await assertAccessible(page, "messages");
    await entry.click();
    const dialog = page.getByRole("dialog", { name: first.data.title });
    await dialog.waitFor();
    await assertAccessible(page, "message detail");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // Read now: the entry's name is its title and description, without "New".
    await page.getByRole("button", { name: `${first.data.title} ${first.data.description}`, exact: true }).waitFor();
    assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem("oa.readMessages"))), [first.data.id]);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("signed in, the shopper's upcoming order is listed and links to its page", async () => {
    const login = await fetch(url("/api/v1/account/login"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Username: "demo@example.org", Password: "OrderAhead!demo" }),
    }).then((r) => r.json());
    const own = await fetch(url("/api/v1/messages"), { headers: { authorization: `Bearer ${login.value}` } }).then((r) => r.json());
    const order = own.value.find((m) => m.type === "order");
    assert.ok(order, "the demo shopper has an upcoming order");
    const context = await browser.newContext();
    await context.addInitScript((tk) => localStorage.setItem("oa.token", tk), JSON.stringify(login.value));
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(url("/messages"));
    await waitForApp(page);
    const link = page.locator(`a[href="/account/orders/${order.data.id}"]`);
    await link.waitFor();
    assert.match(await link.innerText(), /Upcoming (pickup at|delivery)/);
    await assertAccessible(page, "signed-in messages");
    assert.deepEqual(problems, []);
    await context.close();
  });
});
