import { useEffect } from "react";
import { useLocation } from "react-router-dom";

/** Long enough for a slow first load's data and lazy chunks to land; short enough never to fight a reader. */
const SETTLE_MS = 10_000;
const READER_MOVES = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * The page arrives after the router has already handled the URL, so the browser's own jump to #anchor found
 * nothing. This scrolls to the anchor once it exists and keeps it in place while content above it loads (data and
 * lazy sections push it down after the first jump), until the reader scrolls or clicks, or the page has settled.
 * With `focus`, keyboard and screen reader users land where the page scrolled to, not back at the top.
 */
export function useHashScroll({ focus = false }: { focus?: boolean } = {}) {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ""));
    if (!id) return;
    let focused = false;
    const place = () => {
      const target = document.getElementById(id);
      if (!target) return;
      if (focus && !focused) {
        target.focus({ preventScroll: true });
        focused = true;
      }
      target.scrollIntoView({ block: "start" });
    };
    const growth = new ResizeObserver(place);
    growth.observe(document.body);
    const frame = requestAnimationFrame(place);
    const stop = () => {
      growth.disconnect();
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      for (const move of READER_MOVES) window.removeEventListener(move, stop);
    };
    const timer = setTimeout(stop, SETTLE_MS);
    for (const move of READER_MOVES) window.addEventListener(move, stop, { passive: true });
    return stop;
  }, [hash, focus]);
}
