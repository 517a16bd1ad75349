/** Shared display rules, used by projections (grouping) and the web client (rendering). */

export function normalizeStatus(value: unknown): string {
  if (typeof value !== "string") return "";
  return value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
}

/** A number that is not finite counts as 0. */
export function finiteOrZero(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(n) ? n : 0;
}

/** An invalid date is ignored when parsed. */
export function parseDate(value: unknown): Date | null {
  if (typeof value !== "string" && !(value instanceof Date) && typeof value !== "number") return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Overdue and due-soon use the end of the expected day (local to the date as written). */
export function endOfDay(date: string | Date): Date | null {
  if (typeof date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(date)) {
    return new Date(`${date}T23:59:59.999`);
  }
  const d = parseDate(date);
  if (!d) return null;
  const end = new Date(d);
  end.setHours(23, 59, 59, 999);
  return end;
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
export function formatCurrency(value: unknown): string {
  return usd.format(finiteOrZero(value));
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 3)}...`;
}
