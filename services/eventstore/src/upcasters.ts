import { amountLine, type EventType, type StoredEvent } from "@procure/contracts";

type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

/**
 * Per event type, the functions that lift a stored payload from version n to n + 1. A type's current version is
 * one more than the number of its upcasters. Stored events are never rewritten; they are lifted on read.
 */
// v1 of a request's details had no priority or need-by date: such a request was normal and needed by no date.
const withDefaultUrgency: Upcaster = (data) => ({ priority: "normal", needed_by: null, ...data });

// v2 had no lines: such a request asked for one line of its amount, named by its title.
const withAmountLine: Upcaster = (data) => ({ lines: [amountLine(String(data.title), Number(data.amount))], ...data });

const upcasters: Partial<Record<EventType, Upcaster[]>> = {
  // v1 carried the password hash; the credentials migration moved it out of stored rows, this covers any copy.
  UserRegistered: [({ password_hash: _dropped, ...rest }) => ({ ...rest, password_set: true })],
  RequestCreated: [withDefaultUrgency, withAmountLine],
  RequestEdited: [withDefaultUrgency, withAmountLine],
  RequestResubmitted: [withDefaultUrgency, withAmountLine],
};

export function currentSchemaVersion(type: string): number {
  return (upcasters[type as EventType]?.length ?? 0) + 1;
}

export function upcast(event: StoredEvent): StoredEvent {
  const chain = upcasters[event.type];
  if (!chain || event.schema_version > chain.length) return event;
  let data = event.data as Record<string, unknown>;
  for (let v = event.schema_version; v <= chain.length; v++) data = chain[v - 1]!(data);
  return { ...event, data } as StoredEvent;
}
