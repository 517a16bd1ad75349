import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { emailOf } from "./support/api";
import { expectNoHorizontalScroll, expectNoSeriousViolations } from "./support/audit";
import { signIn } from "./support/browser";
import { screenshotPage, shotWidths } from "./support/screenshots";
import { useProduct } from "./support/suite";
import { reloadInTheme, themes } from "./support/theme";

const product = useProduct("catalogue");
const open = product.open;

async function openCatalogue(page: Page, role: "requester" | "buyer" | "admin") {
  await signIn(page, product.url, emailOf(role));
  await page.goto(`${product.url}/app/catalog`);
  await page.getByRole("heading", { name: "Requester workspace" }).waitFor();
}

const workspace = (page: Page) => page.getByRole("region", { name: "Requester workspace" });
const trayNames = (page: Page) => page.getByTestId("compare-tray").locator(".cat-compare-name").allTextContents();
const favouriteNames = (page: Page) => page.getByTestId("favourites").locator(".cat-fav-name").allTextContents();
const nodeNames = (page: Page) => page.getByTestId("category-node").locator(".cat-node-name").allTextContents();

describe("the requester workspace", () => {
  it("shows at most six items; the compare tray drops the oldest when a fourth is added; favourites and the tray survive a reload", async () => {
    const { page } = await open();
    await openCatalogue(page, "requester");
    const cards = workspace(page).getByTestId("catalogue-item");
    await expect.poll(() => cards.count()).toBe(6);
    const names = (await cards.locator(".cat-item-name").allTextContents()).slice(0, 4);

    for (const name of names.slice(0, 3)) await page.getByRole("button", { name: `Compare ${name}` }).click();
    await expect.poll(() => trayNames(page)).toEqual(names.slice(0, 3));
    await page.getByRole("button", { name: `Compare ${names[3]}` }).click();
    await expect.poll(() => trayNames(page)).toEqual(names.slice(1, 4));
    await expect(page.getByRole("button", { name: `Compare ${names[0]}` }).getAttribute("aria-pressed")).resolves.toBe("false");
    await page.getByText(`left the comparison to make room`).waitFor({ state: "attached" });

    await page.getByRole("button", { name: `Favourite ${names[0]}` }).click();
    await page.getByRole("button", { name: `Favourite ${names[2]}` }).click();
    await expect.poll(() => favouriteNames(page)).toEqual([names[0], names[2]]);

    await page.reload();
    await page.getByRole("heading", { name: "Requester workspace" }).waitFor();
    await expect.poll(() => favouriteNames(page)).toEqual([names[0], names[2]]);
    await expect.poll(() => trayNames(page)).toEqual(names.slice(1, 4));
    await expect(page.getByRole("button", { name: `Favourite ${names[0]}` }).getAttribute("aria-pressed")).resolves.toBe("true");

    // Another user on the same browser starts with an empty shelf.
    await page.getByRole("button", { name: "Sign out" }).first().click();
    await openCatalogue(page, "admin");
    await expect.poll(() => favouriteNames(page)).toEqual([]);
    await expect.poll(() => trayNames(page)).toEqual([]);
  });

  it("narrows the category hierarchy by search, supplier and coverage level", async () => {
    const { page } = await open();
    await openCatalogue(page, "requester");
    await expect.poll(async () => (await nodeNames(page)).length).toBe(7);

    await page.getByRole("combobox", { name: "Supplier" }).selectOption("Ergoform");
    await expect.poll(() => nodeNames(page)).toEqual(["Furniture"]);
    await page.getByText("1 of 7 categories").waitFor();

    await page.getByRole("button", { name: "Reset filters" }).click();
    await page.getByRole("combobox", { name: "Coverage level" }).selectOption("none");
    await expect.poll(() => nodeNames(page)).toEqual(["Furniture", "Professional services"]);

    await page.getByRole("button", { name: "Reset filters" }).click();
    await page.getByRole("searchbox", { name: "Search categories" }).fill("periph");
    await expect.poll(() => nodeNames(page)).toEqual(["IT hardware", "Peripherals"]);
    await page.getByText("Shown for its matching sub-categories").waitFor();

    await page.getByRole("searchbox", { name: "Search categories" }).fill("no such category");
    await page.getByText("No categories match these filters.").waitFor();
  });

  it("shows cart success rates as percents and the section 2 links", async () => {
    const { page } = await open();
    await openCatalogue(page, "admin");
    const punchout = page.getByRole("region", { name: "PunchOut governance" });
    await punchout.getByRole("cell", { name: "95%" }).waitFor();
    await punchout.getByRole("cell", { name: "70%" }).waitFor();
    const shortcuts = page.getByRole("navigation", { name: "Catalogue shortcuts" });
    const hrefs = await shortcuts.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["/app/requests", "/app/intake-checklist", "/app/integrations#automation", "/app/integrations#punchout"]);
    await page.getByRole("img", { name: /Categories by coverage level/ }).waitFor();
  });
});

describe("the catalogue lifecycle", () => {
  it("a buyer creates a draft (validation and server errors on their fields), sends it to review and publishes it", async () => {
    const { page } = await open();
    await openCatalogue(page, "buyer");
    const name = `Standing mat ${Date.now().toString(36)}`;
    const opener = page.getByRole("button", { name: "New item" });
    await opener.click();
    const drawer = page.getByRole("dialog", { name: "New catalogue item" });
    await drawer.getByRole("button", { name: "Save draft" }).click();
    await drawer.getByText("Enter a name of up to 200 characters.").waitFor();
    await drawer.getByText("Choose a category.").waitFor();
    await drawer.getByText("Enter a valid price of 0 or more.").waitFor();

    await drawer.getByLabel("Name").fill(name);
    await drawer.getByLabel("SKU").fill("it-lap-14");
    await drawer.getByLabel("Category").selectOption({ label: "Furniture" });
    await drawer.getByLabel("Base price").fill("89.90");
    await drawer.getByRole("button", { name: "Save draft" }).click();
    await drawer.getByText(/SKU it-lap-14 is already in the catalogue/).waitFor();
    await expect(drawer.getByLabel("SKU").getAttribute("aria-invalid")).resolves.toBe("true");

    await drawer.getByLabel("SKU").fill(`FU-MAT-${Date.now().toString(36)}`);
    // The supplier is one of the workspace's vendors, linked rather than typed.
    await drawer.getByLabel(/^Supplier/).selectOption({ label: "Adventure Works Furniture" });
    await drawer.getByRole("button", { name: "Save draft" }).click();
    await page.getByText("Catalogue item created").waitFor();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);

    const row = page.getByTestId("lifecycle-row").filter({ hasText: name });
    await expect.poll(() => row.locator(".badge").textContent()).toBe("draft");
    await row.getByRole("button", { name: `Send to review: ${name}` }).click();
    await expect.poll(() => row.locator(".badge").textContent()).toBe("review");
    await row.getByRole("button", { name: `Publish: ${name}` }).click();
    await expect.poll(() => row.locator(".badge").textContent()).toBe("published");
    await page.getByText("Item published").waitFor();

    await workspace(page).getByRole("searchbox", { name: "Search catalogue items" }).fill(name);
    await workspace(page).getByRole("heading", { name }).waitFor();
    await workspace(page).getByTestId("catalogue-item").filter({ hasText: name }).getByText("Adventure Works Furniture").waitFor();
  });

  it("opens on the item search for a requester, without the curators' panels", async () => {
    const { page } = await open();
    await page.setViewportSize({ width: 1280, height: 800 });
    await openCatalogue(page, "requester");
    const search = workspace(page).getByRole("searchbox", { name: "Search catalogue items" });
    const top = (await search.boundingBox())?.y ?? Infinity;
    expect(top).toBeLessThan(800);
    for (const heading of ["Catalogue lifecycle", "Vendor-managed feeds", "PunchOut governance"]) {
      expect(await page.getByRole("heading", { name: heading }).count()).toBe(0);
    }
    expect(await page.getByRole("button", { name: "New item" }).count()).toBe(0);
    expect(await page.getByTestId("lifecycle-table").count()).toBe(0);
    await expectNoSeriousViolations(page, ".catalogue-page", "requester catalogue 1280px");
    await page.setViewportSize({ width: 390, height: 800 });
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page, ".catalogue-page", "requester catalogue 390px");
  });
});

describe("the screen in both themes", () => {
  for (const width of shotWidths) {
    it(`has no serious accessibility violation and no horizontal scroll at ${width} px`, async () => {
      const { page } = await open({ width, height: 900 });
      await openCatalogue(page, "admin");
      for (const theme of themes) {
        await reloadInTheme(page, theme, () => page.getByRole("heading", { name: "Requester workspace" }).waitFor());
        const compare = page.getByRole("button", { name: `Compare ${await workspace(page).locator(".cat-item-name").first().textContent()}` });
        if ((await compare.getAttribute("aria-pressed")) !== "true") await compare.click();
        await screenshotPage(page, `catalogue-${theme}-${width}`);
        await expectNoSeriousViolations(page, ".catalogue-page", `${theme} ${width}px`);
        await expectNoHorizontalScroll(page);
      }
    });
  }
});
