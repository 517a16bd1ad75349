/**
 * A connector's cart success rate arrives as a fraction (0.95) or, from older feeds, as a percent (95).
 * A value at or below 1 is a fraction and is shown ×100 (spec section 9).
 */
export function rateAsPercent(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return null;
  return value <= 1 ? value * 100 : value;
}

export function formatRate(value: number | null | undefined): string {
  const percent = rateAsPercent(value);
  if (percent === null) return "—";
  const rounded = Math.round(percent * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)}%`;
}
