import type { NewEvent, Role } from "@procure/contracts";

export const userStreamId = (id: string) => `user-${id}`;
/** One stream per email, so that two sign-ups with one address cannot both succeed. */
export const emailStreamId = (email: string) => `email-${email.trim().toLowerCase()}`;

export function registerUser(input: {
  userId: string;
  email: string;
  role: Role;
  passwordHash: string;
  invitedBy: string | null;
}): { userEvents: NewEvent[]; emailEvents: NewEvent[] } {
  return {
    userEvents: [
      {
        type: "UserRegistered",
        data: { user_id: input.userId, email: input.email, role: input.role, password_hash: input.passwordHash, invited_by: input.invitedBy },
      },
    ],
    emailEvents: [{ type: "EmailReserved", data: { email: input.email, user_id: input.userId } }],
  };
}
