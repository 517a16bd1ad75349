import { useEffect, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { vendorDocumentKindLabels, vendorDocumentKinds, type VendorDocumentKind } from "@procure/contracts";
import { errorMessage } from "@/lib/api-client";
import { SettingsCard } from "@/components/ui/settings-card";
import { useDiligenceSettings, useUpdateDiligenceSettings } from "../api/diligence-settings";

/** The documents every active vendor needs, and whether orders wait for them: a card in Settings, for admins. */
export function DiligenceSettingsCard() {
  const settings = useDiligenceSettings();
  const update = useUpdateDiligenceSettings();
  const [required, setRequired] = useState<VendorDocumentKind[]>([]);
  const [blockOrders, setBlockOrders] = useState(false);

  useEffect(() => {
    if (!settings.data) return;
    setRequired(settings.data.required_kinds);
    setBlockOrders(settings.data.block_orders);
  }, [settings.data]);

  const toggle = (kind: VendorDocumentKind, on: boolean) => setRequired((kinds) => vendorDocumentKinds.filter((k) => (k === kind ? on : kinds.includes(k))));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { required_kinds: required, block_orders: blockOrders },
      {
        onSuccess: () => toast.success("Diligence settings saved"),
        onError: (error) => toast.error("Save failed", { description: errorMessage(error) }),
      },
    );
  };

  return (
    <SettingsCard
      id="diligence-settings"
      title="Vendor diligence"
      description="The documents every active vendor must keep on file."
      what="diligence settings"
      query={settings}
    >
      <form className="stack" onSubmit={onSubmit}>
        <fieldset className="diligence-kinds">
          <legend className="field-label">Required documents</legend>
          {vendorDocumentKinds.map((kind) => (
            <label key={kind} className="diligence-check">
              <input type="checkbox" checked={required.includes(kind)} onChange={(e) => toggle(kind, e.target.checked)} />
              {vendorDocumentKindLabels[kind]}
            </label>
          ))}
        </fieldset>
        <label className="diligence-check">
          <input type="checkbox" checked={blockOrders} onChange={(e) => setBlockOrders(e.target.checked)} />
          Refuse new orders from vendors whose required documents are missing or expired
        </label>
        <div>
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            {update.isPending ? "Saving…" : "Save diligence settings"}
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}
