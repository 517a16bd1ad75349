import { useLayoutEffect, useRef } from "react";
import { finiteOrZero, formatCurrency, normalizeStatus, parseDate } from "@procure/contracts";

export { finiteOrZero, formatCurrency, normalizeStatus, parseDate };

const wholeDollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** Money in a sentence: whole dollars without cents ("$2,000"), anything else to the cent. */
export function formatAmount(value: number): string {
  return Number.isInteger(value) ? wholeDollars.format(value) : formatCurrency(value);
}

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
  return typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Animates the text of the element `ref` is put on, from the previously shown value to the target; honours
 * reduced motion. Each frame writes the text directly: a React render per frame would keep preempting a navigation
 * started meanwhile, and the next screen would wait for the animation to end.
 */
export function useCountUp<E extends HTMLElement>(target: number, format: (n: number) => string, duration = COUNT_UP_MS) {
  const goal = finiteOrZero(target);
  const ref = useRef<E>(null);
  const shown = useRef(0);
  const formatRef = useRef(format);
  formatRef.current = format;

  useLayoutEffect(() => {
    const paint = (n: number) => {
      shown.current = n;
      if (ref.current) ref.current.textContent = formatRef.current(n);
    };
    const from = shown.current;
    if (from === goal || duration <= 0 || prefersReducedMotion() || typeof requestAnimationFrame !== "function") {
      paint(goal);
      return;
    }
    paint(from);
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const progress = Math.min(1, (now - start) / duration);
      paint(from + (goal - from) * (1 - (1 - progress) ** 3));
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [goal, duration]);

  return ref;
}

/** A file's size as people read it: bytes, KB or MB. */
export function formatSize(bytes: number | undefined): string {
  if (typeof bytes !== "number" || !Number.isFinite(bytes)) return "";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
