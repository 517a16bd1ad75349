import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { demoPassword } from "@procure/contracts";
import { chromiumArgs, chromiumPath } from "@procure/infra/testing/chromium";
import { profiled } from "@procure/infra/testing/profile-span";

export type Session = { context: BrowserContext; page: Page; close: () => Promise<void> };

/** Debian's Chromium with a fresh profile per session, so two sessions share no storage or cookies. */
export async function openSession(viewport = { width: 1280, height: 900 }): Promise<Session> {
  const profile = mkdtempSync(join(tmpdir(), "procure-web-e2e-"));
  const context = await profiled("browser", () =>
    chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      headless: true,
      args: chromiumArgs,
      viewport,
    }),
  );
  context.setDefaultTimeout(20_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function signIn(page: Page, baseUrl: string, email: string, password = demoPassword) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${baseUrl}/app`);
}

/** A marker on window survives client-side navigation and live refetches but not a reload. */
export async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __noReload?: boolean }).__noReload = true;
  });
}

export async function wasReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload !== true);
}
