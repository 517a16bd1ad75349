import type { Role, StoredEvent, User } from "@procure/contracts";
import { emailDecider, userDecider } from "@procure/domain";
import { on, type StreamCommand } from "../../commands/handle-command.ts";

/** The account as the appended UserRegistered event says, so a retry after a crash answers with the real id. */
export function registeredUser(events: StoredEvent[]): User {
  const registered = events.find((e) => e.type === "UserRegistered");
  if (registered?.type !== "UserRegistered") throw new Error("the append holds no UserRegistered event");
  return { id: registered.data.user_id, email: registered.data.email, role: registered.data.role, active: true, created_at: registered.recorded_at };
}

/** A new account's commands: its email's reservation first, so two sign-ups with one address cannot both succeed. */
export function registration(user: { userId: string; email: string; role: Role; invitedBy: string | null; active?: boolean }): StreamCommand[] {
  return [
    on(emailDecider, user.email, { type: "ReserveEmail", email: user.email, user_id: user.userId }),
    on(userDecider, user.userId, {
      type: "RegisterUser",
      user: { user_id: user.userId, email: user.email, role: user.role, password_set: true, invited_by: user.invitedBy },
      active: user.active,
    }),
  ];
}
