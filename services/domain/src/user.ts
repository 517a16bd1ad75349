import type { NewEvent, Role } from "@procure/contracts";

export const userStreamId = (id: string) => `user-${id}`;
/** One stream per email, so that two sign-ups with one address cannot both succeed. */
export const emailStreamId = (email: string) => `email-${email.trim().toLowerCase()}`;

/** Claimed with the first admin's registration; expected version 0 makes racing first-admin sign-ups one admin. */
export const firstAdminStreamId = "workspace-first-admin";

export function registerUser(input: { userId: string; email: string; role: Role; invitedBy: string | null }): {
  userEvents: NewEvent[];
  emailEvents: NewEvent[];
} {
  return {
    userEvents: [
      {
        type: "UserRegistered",
        data: { user_id: input.userId, email: input.email, role: input.role, password_set: true, invited_by: input.invitedBy },
      },
    ],
    emailEvents: [{ type: "EmailReserved", data: { email: input.email, user_id: input.userId } }],
  };
}
