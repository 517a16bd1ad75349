import { emailTakenMessage, type EmailCommand, type Role, type UserCommand, type WorkspaceCommand } from "@procure/contracts";
import { conflict, notFound } from "./domain-error.ts";
import type { StreamDecider } from "./stream-decider.ts";

export const userStreamId = (id: string) => `user-${id}`;
/** One stream per email, so that two sign-ups with one address cannot both succeed. */
export const emailStreamId = (email: string) => `email-${email.trim().toLowerCase()}`;

/** Claimed with the first admin's registration; expected version 0 makes racing first-admin sign-ups one admin. */
export const firstAdminStreamId = "workspace-first-admin";

/** Whether the stream has its first event: users, email reservations and the first-admin claim are written once. */
type Taken = { taken: boolean };
const taken = { initialState: { taken: false }, evolve: () => ({ taken: true }) } as const;

/** A user as its stream says: null until registered. */
type UserState = { role: Role } | null;

export const userDecider: StreamDecider<UserState, UserCommand> = {
  initialState: null,
  evolve: (state, event) => {
    if (event.type === "UserRegistered" || event.type === "UserRoleChanged") return { role: event.data.role };
    return state;
  },
  streamType: "user",
  streamId: userStreamId,
  decide: (state, command, { id }) => {
    switch (command.type) {
      case "RegisterUser":
        if (state) throw conflict("This user already exists.");
        return [{ type: "UserRegistered", data: command.user }];
      case "ChangeUserRole":
        if (!state) throw notFound("No such user.");
        // Asking for the role the user holds changes nothing, so a retried request records no second change.
        return state.role === command.role ? [] : [{ type: "UserRoleChanged", data: { user_id: id, role: command.role } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown user command ${JSON.stringify(unknown)}`);
      }
    }
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
