import type { Page, Route } from "playwright-core";

/**
 * A slow network on cue: requests matching `url` (after the first `passFirst`) wait until `release()`, so a test
 * sees what the page shows meanwhile and then lets the answers through, rather than guessing a delay.
 */
export async function holdRoute(page: Page, url: string, { passFirst = 0 } = {}) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let passed = 0;
  let released = false;
  const held = new Set<Promise<void>>();
  const handler = (route: Route) => {
    const answered = (async () => {
      if (passed < passFirst) passed += 1;
      else await opened;
      await route.continue();
    })();
    held.add(answered);
    return answered.finally(() => held.delete(answered));
  };
  await page.route(url, handler);
  return {
    release: async () => {
      if (released) return;
      released = true;
      open();
      // The held requests go on through this handler before it is removed, else the router would answer them first.
      await Promise.allSettled([...held]);
      await page.unroute(url, handler);
    },
  };
}
