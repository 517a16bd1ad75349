import { z } from "zod";
import { sortParam, vendorSortFields } from "./list-sort.ts";
import { blankAsNull, isoDate, lineString, listQuery, shortText, singleLine } from "./common.ts";
import { normalizeStatus } from "./format.ts";
import { diligenceStatus, vendorDiligence, vendorDocumentKind } from "./vendor-diligence.ts";
import { recordVersion } from "./record-version.ts";

export const vendorNameMessage = "Vendor name is required";

export const vendorStatuses = ["active", "blocked"] as const;
export const vendorStatus = z.enum(vendorStatuses);
export type VendorStatus = z.infer<typeof vendorStatus>;

export const vendorRisks = ["low", "medium", "high"] as const;
export const vendorRisk = z.enum(vendorRisks);
export type VendorRisk = z.infer<typeof vendorRisk>;

/** Vendor names compare without case and with runs of spaces folded: "Acme  Ltd" and "acme ltd" are one vendor. */
export const vendorNameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");

/** An enum that forgives case, spacing and underscores the way status names are normalised everywhere. */
export function normalizedEnum<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess((v) => (typeof v === "string" ? normalizeStatus(v) : v), z.enum(values, { error: message }));
}

const vendorName = lineString({ error: vendorNameMessage }).trim().min(1, { error: vendorNameMessage }).max(200);
const website = blankAsNull(singleLine(300));
const notes = blankAsNull(shortText(5000));
const renewalDate = blankAsNull(z.iso.date({ error: "Enter a valid renewal date" }));

export const createVendorBody = z.object({
  name: vendorName,
  status: normalizedEnum(vendorStatuses, "Choose a valid vendor status").default("active"),
  risk: normalizedEnum(vendorRisks, "Choose a valid risk level").default("medium"),
  website: website.optional(),
  notes: notes.optional(),
  renewal_date: renewalDate.optional(),
});
export type CreateVendorBody = z.infer<typeof createVendorBody>;

/** The vendor drawer saves notes, risk and the Block/Unblock toggle; absent fields stay as they are. */
export const updateVendorBody = z.object({
  notes: notes.optional(),
  status: normalizedEnum(vendorStatuses, "Choose a valid vendor status").optional(),
  risk: normalizedEnum(vendorRisks, "Choose a valid risk level").optional(),
  website: website.optional(),
  renewal_date: renewalDate.optional(),
  /** Why a vendor is blocked or unblocked; kept on the event for the audit trail. */
  reason: blankAsNull(shortText(500)).optional(),
});
export type UpdateVendorBody = z.infer<typeof updateVendorBody>;

export const vendor = z.object({
  id: z.uuid(),
  name: z.string(),
  status: vendorStatus,
  risk: vendorRisk,
  website: z.string().nullable(),
  notes: z.string().nullable(),
  renewal_date: isoDate.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: recordVersion,
  diligence: vendorDiligence,
});
export type Vendor = z.infer<typeof vendor>;

export const vendorListQuery = listQuery.extend({
  status: vendorStatus.optional(),
  risk: vendorRisk.optional(),
  diligence: diligenceStatus.optional(),
  sort: sortParam(vendorSortFields).optional(),
  cursor: z.string().max(300).optional(),
});
export const vendorExportQuery = vendorListQuery.omit({ limit: true, cursor: true });
export type VendorListQuery = z.infer<typeof vendorListQuery>;

export const vendorHistoryKinds = ["registered", "updated", "blocked", "unblocked", "document_added", "document_removed"] as const;

/** What happened to a vendor, by whom and when, oldest first: read from the vendor's own events. */
export const vendorHistoryEntry = z.object({
  type: z.enum(vendorHistoryKinds),
  actor_email: z.string().nullable(),
  recorded_at: z.string(),
  reason: z.string().nullable().optional(),
  /** For an update: the fields it changed. */
  changes: z.array(z.string()).optional(),
  /** For a document added or removed. */
  document: z.object({ kind: vendorDocumentKind, filename: z.string().nullable(), expires_on: z.string().nullable() }).optional(),
});
export type VendorHistoryEntry = z.infer<typeof vendorHistoryEntry>;
export const vendorHistory = z.object({ items: z.array(vendorHistoryEntry) });
export type VendorHistory = z.infer<typeof vendorHistory>;
