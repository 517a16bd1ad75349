import {
  defaultEmailPreference,
  notificationPreferencesStreamId,
  staleUnsubscribeLinkMessage,
  type EmailPreference,
  type NotificationPreferencesCommand,
} from "@procure/contracts";
import { conflict } from "./domain-error.ts";
import type { StreamDecider } from "./stream-decider.ts";

/** `version`: how many times the choice was set, the stream's only events, so it is also the stream's version. */
export type NotificationPreferencesState = { email: EmailPreference; version: number };

/**
 * A user's notification choices, on a stream of their own. The stream's id is the user's: the routes name it from
 * the session, or from a signed unsubscribe link, never from the body.
 */
export const notificationPreferencesDecider: StreamDecider<NotificationPreferencesState, NotificationPreferencesCommand> = {
  streamType: "user",
  streamId: notificationPreferencesStreamId,
  initialState: { email: defaultEmailPreference, version: 0 },
  evolve: (state, event) => (event.type === "NotificationPreferenceSet" ? { email: event.data.email, version: state.version + 1 } : state),
  decide: (state, command, { id }) => {
    switch (command.type) {
      case "SetEmailPreference":
        // The choice already held records nothing, so a repeated click or a retried request changes nothing.
        if (state.email === command.email) return [];
        // A link from a mail sent before the user last chose must not undo that choice (e-mail turned back on).
        if (command.link_version !== undefined && command.link_version < state.version) throw conflict(staleUnsubscribeLinkMessage);
        return [{ type: "NotificationPreferenceSet", data: { user_id: id, email: command.email, via: command.via } }];
      default: {
        const unknown: never = command.type;
        throw new Error(`unknown notification preferences command ${String(unknown)}`);
      }
    }
  },
};
