import { useEffect } from "react";
import { useLocation } from "react-router-dom";

/**
 * The page arrives after the router has already handled the URL, so the browser's own jump to #anchor found
 * nothing; this scrolls to it (and moves focus there) once the section exists, and again when the hash changes.
 */
export function useHashScroll() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ""));
    if (!id) return;
    const frame = requestAnimationFrame(() => {
      const target = document.getElementById(id);
      if (!target) return;
      // Keyboard and screen reader users land where the page scrolled to, not back at the top.
      target.focus({ preventScroll: true });
      target.scrollIntoView({ block: "start" });
    });
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}
