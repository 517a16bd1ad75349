import type { StoredEvent, User } from "@procure/contracts";

/** The account as the appended UserRegistered event says, so a retry after a crash answers with the real id. */
export function registeredUser(events: StoredEvent[]): User {
  const registered = events.find((e) => e.type === "UserRegistered");
  if (registered?.type !== "UserRegistered") throw new Error("the append holds no UserRegistered event");
  return { id: registered.data.user_id, email: registered.data.email, role: registered.data.role, created_at: registered.recorded_at };
}
