import { defaultControlsSettings, type ControlsSettings, type ControlsSettingsCommand } from "@procure/contracts";
import type { StreamDecider } from "./stream-decider.ts";

const sameSettings = (a: ControlsSettings, b: ControlsSettings) =>
  a.one_stage_per_person === b.one_stage_per_person &&
  a.recorder_cannot_approve_invoice === b.recorder_cannot_approve_invoice &&
  a.approver_cannot_pay_invoice === b.approver_cannot_pay_invoice;

/**
 * The workspace's one separation-of-duties stream. A decision that it guards (a request's stage, an invoice's
 * approval or payment) reads this stream inside its command and hands the settings to its decider.
 */
export const controlsSettingsDecider: StreamDecider<ControlsSettings, ControlsSettingsCommand> = {
  streamType: "workspace",
  streamId: () => "controls-settings",
  initialState: defaultControlsSettings,
  evolve: (state, event) => (event.type === "ControlsSettingsChanged" ? { ...event.data } : state),
  decide: (state, { settings }) => {
    const { one_stage_per_person, recorder_cannot_approve_invoice, approver_cannot_pay_invoice } = settings;
    const next = { one_stage_per_person, recorder_cannot_approve_invoice, approver_cannot_pay_invoice };
    return sameSettings(state, next) ? [] : [{ type: "ControlsSettingsChanged", data: next }];
  },
};
