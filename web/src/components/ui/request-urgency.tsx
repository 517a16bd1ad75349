import { isNeededSoon, type RequestPriority } from "@procure/contracts";
import "./request-urgency.css";

const priorityTones: Record<RequestPriority, string> = {
  low: "badge-plain",
  normal: "badge-plain",
  high: "badge-warning",
  urgent: "badge-danger",
};

const priorityLabels: Record<RequestPriority, string> = { low: "Low", normal: "Normal", high: "High", urgent: "Urgent" };

export function PriorityBadge({ priority }: { priority: RequestPriority }) {
  return <span className={`badge ${priorityTones[priority]}`}>{priorityLabels[priority]}</span>;
}

// A need-by date is a calendar day, not an instant: shown as written, never shifted into the viewer's time zone.
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" });
export const formatNeedBy = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

/** A request's need-by date, flagged "Due soon" within three days or once passed. */
export function NeededBy({ date, now = new Date() }: { date: string | null; now?: Date }) {
  if (!date) return <span className="subtle">—</span>;
  return (
    <span className="needed-by">
      <time dateTime={date}>{formatNeedBy(date)}</time>
      {isNeededSoon(date, now) ? <span className="badge badge-danger badge-plain">Due soon</span> : null}
    </span>
  );
}
