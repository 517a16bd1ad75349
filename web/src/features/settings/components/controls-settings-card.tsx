import { useEffect, useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { ControlsSettings } from "@procure/contracts";
import { errorMessage } from "@/lib/api-client";
import { SettingsCard } from "@/components/ui/settings-card";
import { useControlsSettings, useUpdateControlsSettings } from "../api/controls-settings";
import "../settings.css";

const rules: { key: keyof ControlsSettings; label: string }[] = [
  { key: "one_stage_per_person", label: "One person decides at most one stage of a request, admins and delegates included" },
  { key: "recorder_cannot_approve_invoice", label: "The member who recorded an invoice cannot approve it" },
  { key: "approver_cannot_pay_invoice", label: "The member who approved an invoice cannot pay it" },
];

/** Separation of duties: a card in Settings, for admins. */
export function ControlsSettingsCard() {
  const settings = useControlsSettings();
  const update = useUpdateControlsSettings();
  const [draft, setDraft] = useState<ControlsSettings | null>(null);

  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    update.mutate(draft, {
      onSuccess: () => toast.success("Separation of duties saved"),
      onError: (error) => toast.error("Save failed", { description: errorMessage(error) }),
    });
  };

  return (
    <SettingsCard
      id="controls-settings"
      title="Separation of duties"
      description="Who may not take the next step of what they already decided. Each rule is on unless you turn it off."
      what="separation of duties"
      query={settings}
    >
      <form className="stack" onSubmit={onSubmit}>
        {rules.map(({ key, label }) => (
          <label key={key} className="controls-check">
            <input type="checkbox" checked={draft?.[key] ?? true} onChange={(e) => draft && setDraft({ ...draft, [key]: e.target.checked })} />
            {label}
          </label>
        ))}
        <div>
          <button type="submit" className="btn btn-primary" disabled={update.isPending || !draft}>
            {update.isPending ? "Saving…" : "Save separation of duties"}
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}
