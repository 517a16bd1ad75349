import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startProduct, type RunningProduct } from "./support/server";
import { openSession, type Session } from "./support/browser";
import { holdRoute } from "./support/held-route";

let product: RunningProduct;
let session: Session;

beforeAll(async () => {
  product = await startProduct("webpublic");
  session = await openSession();
});

afterEach((context) => {
  // The server's own output is the first thing needed when a browser step fails.
  if (context.task.result?.state === "fail" && product) console.error(product.logs());
});

afterAll(async () => {
  await session?.close().catch(() => {});
  await product?.stop();
});

describe("public pages", () => {
  it("scrolls to a section further down the landing page when arriving with its anchor", async () => {
    const { page } = session;
    await page.goto(`${product.url}/resources/intake-checklist`);
    // The workspace's figures arrive after the lower sections here, as they do on a slow server: they grow the page
    // above the section after its first jump, which must still end with the section in view.
    const figures = await holdRoute(page, "**/api/marketing/landing");
    try {
      await page.goto(`${product.url}/#access`);
      await page.locator("#access").waitFor();
      await figures.release();
      await page.getByRole("heading", { name: "Explore the sample workspace" }).waitFor();
      await expect.poll(() => page.locator("#access").evaluate((el) => Math.abs(el.getBoundingClientRect().top) < 120), { timeout: 10_000 }).toBe(true);
    } finally {
      await figures.release();
    }
  });

  it("submits a work order from the landing page", async () => {
    const { page } = session;
    await page.goto(`${product.url}/`);
    const form = page.locator("#work-orders form");
    const submit = form.getByRole("button", { name: "Submit work order" });
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel("Title").fill("Replace the badge reader on floor 3");
    await form.getByLabel("Details").fill("The reader at the east door rejects valid badges.");
    await form.getByLabel("Your name").fill("Dana Ops");
    await form.getByLabel("Work email").fill("dana.ops@example.com");
    await form.getByLabel("Priority").selectOption("high");
    await submit.click();

    const message = form.getByText(/^Work order #\S+ submitted\. Procurement will follow up shortly\.$/);
    await message.waitFor();
    expect(await message.textContent()).toMatch(/^Work order #[0-9A-Z]+ submitted\. Procurement will follow up shortly\.$/);
    expect(await form.getByLabel("Title").inputValue()).toBe("");
  });

  it("counts checklist items, rounds the percent and resets", async () => {
    const { page } = session;
    await page.goto(`${product.url}/resources/intake-checklist`);
    const ready = page.getByTestId("checklist-ready");
    const percent = page.getByTestId("checklist-percent");
    expect(await ready.textContent()).toBe("0 of 20 items ready");
    expect(await percent.textContent()).toBe("0%");
    expect(await page.getByRole("checkbox").count()).toBe(20);
    for (const heading of ["Clarify the request", "Lock in budget details", "Prepare vendor diligence", "Plan delivery and handoff"]) {
      await page.getByRole("heading", { name: heading }).waitFor();
    }
    expect(await page.getByRole("button", { name: "Reset checklist" }).count()).toBe(0);

    const boxes = page.getByRole("checkbox");
    await boxes.nth(0).check();
    await boxes.nth(6).check();
    await boxes.nth(19).check();
    expect(await ready.textContent()).toBe("3 of 20 items ready");
    expect(await percent.textContent()).toBe("15%");
    await page.getByText("1/5 ready").first().waitFor();

    await page.getByRole("button", { name: "Reset checklist" }).click();
    expect(await ready.textContent()).toBe("0 of 20 items ready");
    expect(await page.getByRole("button", { name: "Reset checklist" }).count()).toBe(0);
  });

  it("keeps the chosen theme over a reload", async () => {
    const { page } = session;
    await page.goto(`${product.url}/`);
    const toggle = page.getByTitle("Toggle theme");
    const initial = await page.evaluate(() => document.documentElement.dataset.theme);
    await toggle.click();
    const chosen = initial === "dark" ? "light" : "dark";
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(chosen);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe(chosen);
    expect(await toggle.textContent()).toBe(chosen === "dark" ? "☀️ Light" : "🌙 Dark");

    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(chosen);
    expect(await page.getByTitle("Toggle theme").textContent()).toBe(chosen === "dark" ? "☀️ Light" : "🌙 Dark");
  });

  it("keeps the loading screen up, never a blank page, while a slow network brings the first screen's code", async () => {
    const slow = await openSession();
    try {
      const { page } = slow;
      // The entry runs at once; every chunk it pulls in is held until the loading screen has been seen.
      const chunks = await holdRoute(page, "**/assets/*.js", { passFirst: 1 });
      await page.addInitScript(() => {
        const seen = window as unknown as { blankAfterContent: number };
        seen.blankAfterContent = 0;
        let hadContent = false;
        new MutationObserver(() => {
          const text = document.getElementById("root")?.textContent?.trim() ?? "";
          if (text !== "") hadContent = true;
          else if (hadContent) seen.blankAfterContent++;
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      await page.goto(`${product.url}/login`, { waitUntil: "commit" });
      await page.getByRole("status").getByText("Loading Procure…").waitFor();
      await chunks.release();
      await page.getByRole("button", { name: "Sign in" }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { blankAfterContent: number }).blankAfterContent)).toBe(0);
    } finally {
      await slow.close();
    }
  });

  it("shows the router's default screen for an unknown public route", async () => {
    const { page } = session;
    await page.goto(`${product.url}/no-such-page`);
    await page.getByText("Unexpected Application Error!").waitFor();
  });
});
