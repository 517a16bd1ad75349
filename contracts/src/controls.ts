import { z } from "zod";
import type { EventMetadata } from "./events.ts";
import type { InvoiceStatus } from "./invoice-events.ts";
import type { ApprovalStage } from "./requests.ts";
import type { Role } from "./roles.ts";

/**
 * Separation of duties, a workspace setting (`/api/settings/controls`), each rule on unless an admin turns it off:
 * one person decides at most one stage of a request (in their own right or standing in for someone, admins
 * included); whoever recorded an invoice does not approve it; whoever approved it does not pay it.
 */
export const controlsSettings = z.object({
  one_stage_per_person: z.boolean({ error: "Choose whether one person may decide only one stage of a request." }),
  recorder_cannot_approve_invoice: z.boolean({ error: "Choose whether the member who recorded an invoice may approve it." }),
  approver_cannot_pay_invoice: z.boolean({ error: "Choose whether the member who approved an invoice may pay it." }),
});
export type ControlsSettings = z.infer<typeof controlsSettings>;
export const updateControlsSettingsBody = controlsSettings.partial();
export const defaultControlsSettings: ControlsSettings = {
  one_stage_per_person: true,
  recorder_cannot_approve_invoice: true,
  approver_cannot_pay_invoice: true,
};

export const controlsEventSchemas = {
  /** On the workspace's `controls-settings` stream: the whole setting as it now is. */
  ControlsSettingsChanged: controlsSettings,
} as const;

/** The one who acted, as the log names them on requests and invoices: their email, or their id on old events. */
export const actorNamed = (metadata: Pick<EventMetadata, "actor_id" | "actor_email">): string | null => metadata.actor_email ?? metadata.actor_id ?? null;

/** A member as the rules below compare them with who acted before. */
export type Person = { id: string; email: string };
const isPerson = (person: Person, named: string | null | undefined) => !!named && (named === person.email || named === person.id);

const stageLabel = (role: Role) => role.charAt(0).toUpperCase() + role.slice(1);

/**
 * Why `person` may not decide the request's waiting stage because they decided another of its stages, or null. The
 * request's decider refuses with it (409) and the request's answers carry it to explain a disabled Approve/Deny.
 */
export function stageSeparationRefusal(
  controls: ControlsSettings,
  person: Person,
  stages: readonly Pick<ApprovalStage, "role" | "status" | "decided_by">[],
): string | null {
  if (!controls.one_stage_per_person) return null;
  const waiting = stages.find((s) => s.status === "waiting");
  const decided = waiting && stages.find((s) => s.status === "approved" && isPerson(person, s.decided_by));
  if (!waiting || !decided) return null;
  return `You already decided the ${stageLabel(decided.role)} stage of this request; another person must decide the ${stageLabel(waiting.role)} stage.`;
}

/** An invoice as far as who may move it goes: its status, who recorded it and who approved it (as `actorNamed`). */
export type InvoiceDuties = { status: InvoiceStatus; created_by: string | null; approved_by: string | null };

/**
 * Why `person` may not take an invoice's next step (approve it while open, pay it once approved) because they took
 * the step before, or null. The order's decider refuses with it; invoice answers carry it for the screen.
 */
export function invoiceSeparationRefusal(controls: ControlsSettings, person: Person, invoice: InvoiceDuties): string | null {
  if (invoice.status === "open" && controls.recorder_cannot_approve_invoice && isPerson(person, invoice.created_by))
    return "You recorded this invoice; another person must approve it.";
  if (invoice.status === "approved" && controls.approver_cannot_pay_invoice && isPerson(person, invoice.approved_by))
    return "You approved this invoice; another person must pay it.";
  return null;
}
