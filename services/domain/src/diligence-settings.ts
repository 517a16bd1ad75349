import { defaultDiligenceSettings, type DiligenceSettings, type DiligenceSettingsCommand } from "@procure/contracts";
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
