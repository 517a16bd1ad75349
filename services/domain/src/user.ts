import { emailTakenMessage, type EmailCommand, type UserCommand, type WorkspaceCommand } from "@procure/contracts";
import { conflict } from "./domain-error.ts";
import type { StreamDecider } from "./stream-decider.ts";

export const userStreamId = (id: string) => `user-${id}`;
/** One stream per email, so that two sign-ups with one address cannot both succeed. */
export const emailStreamId = (email: string) => `email-${email.trim().toLowerCase()}`;

/** Claimed with the first admin's registration; expected version 0 makes racing first-admin sign-ups one admin. */
export const firstAdminStreamId = "workspace-first-admin";

/** Whether the stream has its first event: users, email reservations and the first-admin claim are written once. */
type Taken = { taken: boolean };
const taken = { initialState: { taken: false }, evolve: () => ({ taken: true }) } as const;

export const userDecider: StreamDecider<Taken, UserCommand> = {
  ...taken,
  streamType: "user",
  streamId: userStreamId,
  decide: (state, { user }) => {
    if (state.taken) throw conflict("This user already exists.");
    return [{ type: "UserRegistered", data: user }];
  },
};

export const emailDecider: StreamDecider<Taken, EmailCommand> = {
  ...taken,
  streamType: "email",
  streamId: emailStreamId,
  decide: (state, { email, user_id }) => {
    if (state.taken) throw conflict(emailTakenMessage);
    return [{ type: "EmailReserved", data: { email, user_id } }];
  },
};

export const firstAdminDecider: StreamDecider<Taken, WorkspaceCommand> = {
  ...taken,
  streamType: "workspace",
  streamId: () => firstAdminStreamId,
  decide: (state, { user_id }) => {
    if (state.taken) throw conflict("This workspace already has its first admin.");
    return [{ type: "FirstAdminClaimed", data: { user_id } }];
  },
};
