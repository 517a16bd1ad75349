import { useEffect, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/lib/api-client";
import { SettingsCard } from "@/components/ui/settings-card";
import { useMatchingSettings, useUpdateMatchingSettings } from "../api/matching-settings";

/** How far an invoiced price may stray from the order's and still match: a card in Settings, for admins. */
export function MatchingSettingsCard() {
  const settings = useMatchingSettings();
  const update = useUpdateMatchingSettings();
  const [tolerance, setTolerance] = useState("");

  useEffect(() => {
    if (settings.data) setTolerance(String(settings.data.tolerance_percent));
  }, [settings.data]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { tolerance_percent: Number(tolerance) },
      {
        onSuccess: () => toast.success("Matching settings saved"),
        onError: (error) => toast.error("Save failed", { description: errorMessage(error) }),
      },
    );
  };

  return (
    <SettingsCard
      id="matching-settings"
      title="Invoice matching"
      description="An invoiced unit price further than this from the order's is a price variance."
      what="matching settings"
      query={settings}
    >
      <form className="stack" onSubmit={onSubmit}>
        <div className="field">
          <label className="field-label" htmlFor="matching-tolerance">
            Price tolerance (%)
          </label>
          <input
            id="matching-tolerance"
            className="input"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step="any"
            aria-describedby="matching-tolerance-hint"
            value={tolerance}
            onChange={(e) => setTolerance(e.target.value)}
            style={{ maxWidth: 160 }}
          />
          <span className="field-hint" id="matching-tolerance-hint">
            Invoices recorded from now on are checked with it; those recorded before keep theirs.
          </span>
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            {update.isPending ? "Saving…" : "Save matching settings"}
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}
