/** The wall-clock fields of an instant in a time zone. */
function wallClock(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(new Date(instant));
  const field = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: field("year"), month: field("month"), day: field("day"), hour: field("hour"), minute: field("minute"), second: field("second") };
}

/** How far the zone's wall clock is ahead of UTC at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time in the zone names (the later reading when a clock change makes it ambiguous). */
function instantOf(year: number, month: number, day: number, hour: number, timeZone: string): number {
  const asUtc = Date.UTC(year, month - 1, day, hour);
  const first = asUtc - offsetAt(asUtc, timeZone);
  return asUtc - offsetAt(first, timeZone);
}

/** The first `hour`:00 in the zone after `after`: when a mail held for the daily summary goes out. */
export function nextDigestAt(after: Date, timeZone: string, hour = 8): Date {
  const now = after.getTime();
  const today = wallClock(now, timeZone);
  const candidate = instantOf(today.year, today.month, today.day, hour, timeZone);
  if (candidate > now) return new Date(candidate);
  return new Date(instantOf(today.year, today.month, today.day + 1, hour, timeZone));
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
