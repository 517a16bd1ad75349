import { useEffect, useRef, useState } from "react";
import { finiteOrZero, formatCurrency, normalizeStatus, parseDate } from "@procure/contracts";

export { finiteOrZero, formatCurrency, normalizeStatus, parseDate };

const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });
const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const HOUR = 3_600_000;

export function formatTime(value: unknown): string {
  const date = parseDate(value);
  return date ? timeFormat.format(date) : "";
}

export function formatDate(value: unknown): string {
  const date = parseDate(value);
  return date ? dateFormat.format(date) : "—";
}

/** Within 24 h "Today at {time}", within 48 h "Yesterday at {time}", otherwise a date. */
export function formatRecency(value: unknown, now: Date = new Date()): string {
  const date = parseDate(value);
  if (!date) return "—";
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < 24 * HOUR) return `Today at ${timeFormat.format(date)}`;
  if (elapsed < 48 * HOUR) return `Yesterday at ${timeFormat.format(date)}`;
  return dateFormat.format(date);
}

export function formatPercent(part: number, whole: number): string {
  if (!(whole > 0)) return "0%";
  return `${Math.round((part / whole) * 100)}%`;
}

export function formatCount(value: number): string {
  return new Intl.NumberFormat("en-US").format(Math.round(finiteOrZero(value)));
}

export const COUNT_UP_MS = 600;

function prefersReducedMotion() {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Animates from the previously shown value to the target; honours reduced-motion. */
export function useCountUp(target: number, duration = COUNT_UP_MS): number {
  const goal = finiteOrZero(target);
  const [value, setValue] = useState(0);
  const shown = useRef(0);

  useEffect(() => {
    const from = shown.current;
    if (from === goal || duration <= 0 || prefersReducedMotion() || typeof requestAnimationFrame !== "function") {
      shown.current = goal;
      setValue(goal);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const progress = Math.min(1, (now - start) / duration);
      const eased = 1 - (1 - progress) ** 3;
      const next = from + (goal - from) * eased;
      shown.current = next;
      setValue(next);
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [goal, duration]);

  return value;
}
