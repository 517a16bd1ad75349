import {
  defaultDiligenceSettings,
  diligenceOf,
  diligenceStatusLabels,
  vendorDocumentKindLabels,
  type DiligenceSettings,
  type DiligenceSettingsCommand,
} from "@procure/contracts";
import { conflict } from "./domain-error.ts";
import type { VendorState } from "./vendor.ts";
import type { StreamDecider } from "./stream-decider.ts";

/** The workspace's one diligence-settings stream: the kinds every active vendor needs, and whether orders wait for them. */
export const diligenceSettingsDecider: StreamDecider<DiligenceSettings, DiligenceSettingsCommand> = {
  streamType: "workspace",
  streamId: () => "diligence-settings",
  initialState: defaultDiligenceSettings,
  evolve: (state, event) =>
    event.type === "DiligenceSettingsChanged" ? { required_kinds: event.data.required_kinds, block_orders: event.data.block_orders } : state,
  decide: (state, { settings }) => {
    const required_kinds = [...new Set(settings.required_kinds)];
    const same = settings.block_orders === state.block_orders && required_kinds.join() === state.required_kinds.join();
    return same ? [] : [{ type: "DiligenceSettingsChanged", data: { required_kinds, block_orders: settings.block_orders } }];
  },
};

/**
 * When the workspace makes orders wait for diligence, a vendor whose required documents are missing or expired on
 * `today` cannot be ordered from; the message says what is missing.
 */
export function requireDiligenceForOrders(settings: DiligenceSettings, vendor: VendorState, today: string): void {
  if (!settings.block_orders || !vendor.exists) return;
  const diligence = diligenceOf(Object.values(vendor.documents), settings.required_kinds, today);
  if (diligence.status !== "missing" && diligence.status !== "expired") return;
  const gaps = [...diligence.missing, ...diligence.expired].map((kind) => vendorDocumentKindLabels[kind]).join(", ");
  throw conflict(`${vendor.name} cannot be ordered from until its diligence is complete (${diligenceStatusLabels[diligence.status].toLowerCase()}: ${gaps}).`);
}
