import { z } from "zod";
import { email } from "./auth.ts";
import { blankAsNull, lineString, listQuery, shortText } from "./common.ts";
import { workOrderPriority, workOrderStatus } from "./catalogue-events.ts";

export const defaultWorkOrderPriority = "normal";

/** "Work order #{id} submitted. Procurement will follow up shortly." */
export const workOrderSubmittedMessage = (id: string) => `Work order #${id} submitted. Procurement will follow up shortly.`;

const trimmedDate = z
  .string()
  .trim()
  .pipe(z.iso.date({ error: "Enter the due date as YYYY-MM-DD." }));
const required = (message: string, max: number) =>
  lineString({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Keep this under ${max} characters.` });
const nullWhenMissing = <T>(v: T | null | undefined): T | null => v ?? null;

/** The public form (spec sections 3 and 5): text trimmed, optional blanks stored as null, priority normal by default. */
export const createWorkOrderBody = z.object({
  title: required("Title is required.", 200),
  details: blankAsNull(shortText(5000)).optional().transform(nullWhenMissing),
  requesterName: required("Your name is required.", 120),
  requesterEmail: email,
  priority: z
    .preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : (v ?? undefined)), workOrderPriority.optional())
    .transform((v) => v ?? defaultWorkOrderPriority),
  dueDate: blankAsNull(trimmedDate).optional().transform(nullWhenMissing),
});
export type CreateWorkOrderBody = z.infer<typeof createWorkOrderBody>;

export const workOrderId = z.string().regex(/^[0-9A-Z]{4,12}$/, { error: "Unknown work order id." });
export const workOrderParams = z.object({ id: z.string().trim().toUpperCase().pipe(workOrderId) });

export const createWorkOrderResponse = z.object({ id: workOrderId });

/** Triage: a new owner (null unassigns) and/or a status; the note travels with the status change on the timeline. */
export const updateWorkOrderBody = z
  .object({
    owner_id: z.preprocess((v) => (v === "" ? null : v), z.uuid().nullable()).optional(),
    status: workOrderStatus.optional(),
    note: blankAsNull(shortText(2000)).optional(),
  })
  .refine((b) => b.owner_id !== undefined || b.status !== undefined, { error: "Send an owner_id or a status to change." });
export type UpdateWorkOrderBody = z.infer<typeof updateWorkOrderBody>;

export const workOrderListQuery = listQuery.extend({
  status: workOrderStatus.optional(),
  priority: workOrderPriority.optional(),
});

export const workOrder = z.object({
  id: workOrderId,
  title: z.string(),
  details: z.string().nullable(),
  requester_name: z.string(),
  requester_email: z.string(),
  priority: workOrderPriority,
  due_date: z.string().nullable(),
  status: workOrderStatus,
  owner_id: z.string().nullable(),
  owner_email: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WorkOrder = z.infer<typeof workOrder>;

export const workOrderTimelineEntry = z.object({
  id: z.uuid(),
  work_order_id: workOrderId,
  stream_version: z.number().int(),
  action: z.string(),
  actor_email: z.string().nullable(),
  actor_role: z.string().nullable(),
  from_status: workOrderStatus.nullable(),
  to_status: workOrderStatus.nullable(),
  detail: z.string().nullable(),
  created_at: z.string(),
});
export type WorkOrderTimelineEntry = z.infer<typeof workOrderTimelineEntry>;
