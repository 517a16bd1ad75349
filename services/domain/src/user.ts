import { emailTakenMessage, type EmailCommand, type NewEvent, type Role, type UserCommand, type WorkspaceCommand } from "@procure/contracts";
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
type UserState = { email: string; role: Role; active: boolean; mustChangePassword: boolean } | null;

function evolveUser(state: UserState, event: NewEvent): UserState {
  if (event.type === "UserRegistered") return { email: event.data.email, role: event.data.role, active: true, mustChangePassword: false };
  if (!state) return state;
  switch (event.type) {
    case "UserRoleChanged":
      return { ...state, role: event.data.role };
    case "UserDeactivated":
      return { ...state, active: false };
    case "UserReactivated":
      return { ...state, active: true };
    case "UserPasswordReset":
      return { ...state, mustChangePassword: true };
    case "UserPasswordChanged":
      return { ...state, mustChangePassword: false };
    default:
      return state;
  }
}

/** Asking for what the user holds changes nothing, so a retried request records no second change. */
function roleChange(state: NonNullable<UserState>, userId: string, role: Role | undefined): NewEvent[] {
  return role === undefined || state.role === role ? [] : [{ type: "UserRoleChanged", data: { user_id: userId, role } }];
}

function activityChange(state: NonNullable<UserState>, userId: string, active: boolean | undefined): NewEvent[] {
  if (active === undefined || state.active === active) return [];
  return [{ type: active ? "UserReactivated" : "UserDeactivated", data: { user_id: userId } }];
}

function requireUser(state: UserState): NonNullable<UserState> {
  if (!state) throw notFound("No such user.");
  return state;
}

/** What changes a member as the users screen shows them; the users read model keeps the version of the last. */
export const userRecordEvents = ["UserRegistered", "UserRoleChanged", "UserDeactivated", "UserReactivated"] as const;

export const userDecider: StreamDecider<UserState, UserCommand> = {
  initialState: null,
  evolve: evolveUser,
  streamType: "user",
  streamId: userStreamId,
  // The member's own reads and password changes share the stream but not what an admin edits.
  recordEvents: userRecordEvents,
  decide: (state, command, { id }) => {
    switch (command.type) {
      case "RegisterUser":
        if (state) throw conflict("This user already exists.");
        return [
          { type: "UserRegistered", data: command.user },
          ...(command.active === false ? [{ type: "UserDeactivated" as const, data: { user_id: id } }] : []),
        ];
      case "ChangeUserRole":
        return roleChange(requireUser(state), id, command.role);
      case "UpdateMember": {
        const member = requireUser(state);
        return [...roleChange(member, id, command.role), ...activityChange(member, id, command.active)];
      }
      case "ResetUserPassword":
        requireUser(state);
        // Every reset is recorded: each one replaces the password, even when the last was not yet changed.
        return [{ type: "UserPasswordReset", data: { user_id: id } }];
      case "ChangeOwnPassword":
        requireUser(state);
        return [{ type: "UserPasswordChanged", data: { user_id: id } }];
      case "MarkRequestsSeen":
        requireUser(state);
        return command.request_ids.length === 0 ? [] : [{ type: "UserSawRequests", data: { user_id: id, request_ids: command.request_ids } }];
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
