import { toast } from "sonner";
import { emailPreferences, type EmailPreference } from "@procure/contracts";
import { errorMessage } from "@/lib/api-client";
import { Notice } from "@/components/ui/notice";
import { useNotificationSettings } from "../api/get-notification-settings";
import { useUpdateNotificationSettings } from "../api/update-notification-settings";
import "../notifications.css";

const labels: Record<EmailPreference, { title: string; hint: string }> = {
  immediate: { title: "Right away", hint: "A mail for each request or order that needs you." },
  daily: { title: "Daily summary", hint: "One mail at 08:00 with everything of the day before." },
  off: { title: "Off", hint: "No e-mail; the inbox still shows what waits for you." },
};

/** The signed-in user's e-mail notification choice, as a card in Settings. */
export function NotificationPreferences() {
  return (
    <section className="card" id="notifications" aria-labelledby="notifications-title">
      <div className="card-header">
        <div className="set-heading">
          <h2 id="notifications-title" className="card-title">
            Notifications
          </h2>
          <p className="subtle">When something waits for you, or your request moves on.</p>
        </div>
      </div>
      <div className="card-body">
        <EmailPreferenceChoice />
      </div>
    </section>
  );
}

/** The choice itself: saved as soon as it changes, so the user menu's panel needs no save button. */
export function EmailPreferenceChoice() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const choose = (email: EmailPreference) =>
    update.mutate(
      { email },
      { onSuccess: () => toast.success("Notifications saved"), onError: (error) => toast.error("Not saved", { description: errorMessage(error) }) },
    );

  // The choice being saved shows at once; a failed save falls back to the stored one.
  const chosen = update.isPending ? update.variables.email : settings.data?.email;

  return settings.isError ? (
    <Notice tone="error" role="alert">{`Unable to load your notification settings: ${errorMessage(settings.error)}`}</Notice>
  ) : (
    <fieldset className="stack" disabled={!settings.data || update.isPending}>
      <legend>E-mail</legend>
      {emailPreferences.map((option) => (
        <label key={option} className="radio-row">
          <input type="radio" name="email-notifications" value={option} checked={chosen === option} onChange={() => choose(option)} />
          <span>
            <strong>{labels[option].title}</strong> <span className="subtle">{labels[option].hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
