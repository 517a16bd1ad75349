import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type Page } from "playwright-core";
import { demoPassword, sampleAccounts } from "@procure/contracts";
import { repoRoot, spawnUntil } from "../src/testing/child-process.ts";
import { freePort } from "../src/testing/free-port.ts";
import { createTestServices } from "../src/testing/test-services.ts";

/**
 * `npm run bench:web`: builds the client, starts the product with the demo workspace, and measures each entry:
 * its first-load JavaScript gzipped (from the build's manifest: the entry, the route's chunk and everything they
 * import statically), what Chromium actually fetched before the screen's content showed, first contentful paint,
 * and the time to that content unthrottled and at 400 kbit/s with 400 ms latency. Writes
 * infra/bench/results/web-latest.json.
 */

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

const budgetsKb = { "/": 120, "/app": 150 } as const;
type Entry = keyof typeof budgetsKb;

/** The route modules each entry renders first; the signed-in workspace is its shell and the dashboard. */
const routeModules: Record<Entry, string[]> = {
  "/": ["src/app/routes/landing.tsx"],
  "/app": ["src/app/routes/app/workspace-root.tsx", "src/app/routes/app/dashboard.tsx"],
};

/** What shows that the screen's own content (not the loading shell) is on the page. */
const contentSelector: Record<Entry, string> = {
  "/": "#hero-title",
  "/app": ".kpi-grid .kpi-value .visually-hidden",
};

const slowNetwork = { offline: false, latency: 400, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8 };

function build(outDir: string) {
  const result = spawnSync("npm", ["run", "build", "-w", "@procure/web", "--", "--outDir", outDir, "--emptyOutDir", "--manifest"], {
    cwd: repoRoot,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`web build failed:\n${result.stdout}\n${result.stderr}`);
}

const gzipBytes = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** The files an entry loads before anything else: index.html's script, the route modules, and their static imports. */
function firstLoadFiles(manifest: Manifest, entry: Entry): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit("index.html");
  for (const route of routeModules[entry]) {
    if (!manifest[route]) throw new Error(`${route} is not a chunk of the build`);
    visit(route);
  }
  return [...files].filter((f) => f.endsWith(".js"));
}

async function signedInToken(baseUrl: string): Promise<{ token: string; user: unknown }> {
  const admin = sampleAccounts.find((a) => a.role === "admin")!;
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: admin.email, password: demoPassword }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return (await response.json()) as { token: string; user: unknown };
}

type Visit = { firstContentfulPaintMs: number | null; contentMs: number; scripts: string[] };

/** One cold visit (fresh context, empty cache): when the first paint and the screen's content came, and which scripts. */
async function visit(browser: Browser, url: string, entry: Entry, session: { token: string; user: unknown } | null, throttled: boolean): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (session) {
    // As a returning user arrives: the session is in the browser's storage before the page's first script runs.
    await context.addInitScript(({ token, user }) => {
      const storage = (globalThis as unknown as { localStorage: { setItem: (k: string, v: string) => void } }).localStorage;
      storage.setItem("token", token);
      storage.setItem("user", JSON.stringify(user));
    }, session);
  }
  const page: Page = await context.newPage();
  const scripts: string[] = [];
  let contentShown = false;
  page.on("response", (response) => {
    if (!contentShown && response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
  });
  if (throttled) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", slowNetwork);
  }
  const started = Date.now();
  await page.goto(url, { waitUntil: "commit", timeout: 120_000 });
  await page.locator(contentSelector[entry]).first().waitFor({ timeout: 120_000 });
  const contentMs = Date.now() - started;
  contentShown = true;
  const firstContentfulPaintMs = await page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    return paint ? Math.round(paint.startTime) : null;
  });
  await context.close();
  return { firstContentfulPaintMs, contentMs, scripts };
}

async function main() {
  const services = await createTestServices("webbench");
  const webDist = join(services.dataDir, "web-dist");
  let browser: Browser | null = null;
  let product: Awaited<ReturnType<typeof spawnUntil>> | null = null;
  try {
    build(webDist);
    const manifest = JSON.parse(readFileSync(join(webDist, ".vite/manifest.json"), "utf8")) as Manifest;
    const port = await freePort();
    product = await spawnUntil(process.execPath, ["--import", "tsx", "infra/src/start.ts"], {
      env: { ...services.env, PORT: String(port), DEMO_SEED: "true", WEB_DIST: webDist, LOG_LEVEL: "warn" },
      ready: /Procure is running/,
      timeoutMs: 150_000,
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    const session = await signedInToken(baseUrl);
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });

    const entries = [];
    for (const entry of Object.keys(budgetsKb) as Entry[]) {
      const files = firstLoadFiles(manifest, entry);
      const gz = files.reduce((sum, f) => sum + gzipBytes(join(webDist, f)), 0);
      const who = entry === "/app" ? session : null;
      // A warm-up visit lets the server compile and cache what it serves, so the first measured one is not the outlier.
      await visit(browser, `${baseUrl}${entry}`, entry, who, false);
      const fast = await visit(browser, `${baseUrl}${entry}`, entry, who, false);
      const slow = await visit(browser, `${baseUrl}${entry}`, entry, who, true);
      const fetchedGz = fast.scripts.reduce((sum, path) => sum + gzipBytes(join(webDist, path)), 0);
      entries.push({
        entry,
        firstLoadJsGzKb: kb(gz),
        budgetKb: budgetsKb[entry],
        withinBudget: kb(gz) <= budgetsKb[entry],
        files: files.length,
        fetchedBeforeContentGzKb: kb(fetchedGz),
        loadsWorkspaceCode: fast.scripts.some((p) => /\/(workspace-root|dashboard|app-shell)-/.test(p)),
        firstContentfulPaintMs: fast.firstContentfulPaintMs,
        contentMs: fast.contentMs,
        slow400kbit: { firstContentfulPaintMs: slow.firstContentfulPaintMs, contentMs: slow.contentMs },
      });
    }

    const result = { measuredAt: new Date().toISOString(), network: { slow: "400 kbit/s, 400 ms latency (CDP)" }, entries };
    const folder = join(repoRoot, "infra/bench/results");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "web-latest.json"), `${JSON.stringify(result, null, 2)}\n`);
    console.log("entry | first-load JS gz (budget) | fetched before content | FCP | content | FCP / content at 400 kbit/s");
    for (const e of entries) {
      console.log(
        `${e.entry} | ${e.firstLoadJsGzKb} KB (${e.budgetKb}) | ${e.fetchedBeforeContentGzKb} KB | ${e.firstContentfulPaintMs} ms | ${e.contentMs} ms | ` +
          `${e.slow400kbit.firstContentfulPaintMs} / ${e.slow400kbit.contentMs} ms${e.loadsWorkspaceCode && e.entry === "/" ? " | loads workspace code!" : ""}`,
      );
    }
    console.log("written to infra/bench/results/web-latest.json");
  } finally {
    await browser?.close();
    await product?.kill("SIGTERM");
    await services.cleanup();
  }
}

await main();
