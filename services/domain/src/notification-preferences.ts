import { defaultEmailPreference, notificationPreferencesStreamId, type EmailPreference, type NotificationPreferencesCommand } from "@procure/contracts";
import type { StreamDecider } from "./stream-decider.ts";

export type NotificationPreferencesState = { email: EmailPreference };

/**
 * A user's notification choices, on a stream of their own. The stream's id is the user's: the routes name it from
 * the session, or from a signed unsubscribe link, never from the body.
 */
export const notificationPreferencesDecider: StreamDecider<NotificationPreferencesState, NotificationPreferencesCommand> = {
  streamType: "user",
  streamId: notificationPreferencesStreamId,
  initialState: { email: defaultEmailPreference },
  evolve: (state, event) => (event.type === "NotificationPreferenceSet" ? { email: event.data.email } : state),
  decide: (state, command, { id }) => {
    switch (command.type) {
      case "SetEmailPreference":
        // The choice already held records nothing, so a repeated click or a retried request changes nothing.
        return state.email === command.email ? [] : [{ type: "NotificationPreferenceSet", data: { user_id: id, email: command.email, via: command.via } }];
      default: {
        const unknown: never = command.type;
        throw new Error(`unknown notification preferences command ${String(unknown)}`);
      }
    }
  },
};
