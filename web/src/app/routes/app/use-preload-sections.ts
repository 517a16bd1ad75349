import { useEffect } from "react";
import { canSee, sections, type Role } from "@procure/contracts";
import { sectionModules } from "./section-modules";

/** How long after the page has loaded the preloading starts, so it never competes with the first screen's data. */
const SETTLE_MS = 1_500;

const whenIdle = (run: () => void): (() => void) => {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(run, { timeout: 3_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 300);
  return () => clearTimeout(timer);
};

/**
 * Once the first screen has settled, while the workspace is idle, fetches the code of the sections the role may
 * open, one at a time, so following a sidebar link waits only for its data and a click never queues behind a burst
 * of preloading. A failed preload is ignored: the route loads (and recovers) on its own when followed.
 */
export function usePreloadSections(role: Role) {
  useEffect(() => {
    const queue = sections.filter((section) => canSee(role, section));
    let cancel = () => {};
    const next = () => {
      const section = queue.shift();
      if (!section) return;
      void sectionModules[section]()
        .catch(() => {})
        .then(() => {
          cancel = whenIdle(next);
        });
    };
    const start = () => {
      const timer = setTimeout(() => (cancel = whenIdle(next)), SETTLE_MS);
      cancel = () => clearTimeout(timer);
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      window.removeEventListener("load", start);
      queue.length = 0;
      cancel();
    };
  }, [role]);
}
