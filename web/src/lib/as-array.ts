/** List endpoints promise arrays; anything else is treated as an empty list rather than crashing a screen. */
export function asArray<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}
