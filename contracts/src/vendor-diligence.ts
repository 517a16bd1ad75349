import { z } from "zod";
import { isoDate } from "./common.ts";

/** The documents a procurement team keeps on file for a vendor. */
export const vendorDocumentKinds = ["w9", "insurance", "contract", "certificate", "other"] as const;
export const vendorDocumentKind = z.enum(vendorDocumentKinds, { error: "Choose a document kind: w9, insurance, contract, certificate or other." });
export type VendorDocumentKind = z.infer<typeof vendorDocumentKind>;

export const vendorDocumentKindLabels: Record<VendorDocumentKind, string> = {
  w9: "W-9",
  insurance: "Insurance",
  contract: "Contract",
  certificate: "Certificate",
  other: "Other",
};

/**
 * Where a vendor stands against the documents the workspace requires: `missing` and `expired` before `expiring`,
 * which is a required document running out within `EXPIRING_WITHIN_DAYS`.
 */
export const diligenceStatuses = ["complete", "expiring", "expired", "missing"] as const;
export const diligenceStatus = z.enum(diligenceStatuses);
export type DiligenceStatus = z.infer<typeof diligenceStatus>;
export const EXPIRING_WITHIN_DAYS = 30;

export const diligenceStatusLabels: Record<DiligenceStatus, string> = {
  complete: "Complete",
  expiring: "Expiring",
  expired: "Expired",
  missing: "Missing",
};

export const vendorDiligence = z.object({
  status: diligenceStatus,
  /** Required kinds with no document on file. */
  missing: z.array(vendorDocumentKind),
  /** Required kinds whose every document has run out. */
  expired: z.array(vendorDocumentKind),
  /** Required kinds whose newest document runs out within the window. */
  expiring: z.array(vendorDocumentKind),
});
export type VendorDiligence = z.infer<typeof vendorDiligence>;

/** The multipart fields beside the file. */
export const vendorDocumentFields = z.object({
  kind: vendorDocumentKind,
  expires_on: z.preprocess((v) => (v === "" ? null : v), isoDate.nullable().optional()),
});

export const vendorDocument = z.object({
  id: z.uuid(),
  vendor_id: z.uuid(),
  kind: vendorDocumentKind,
  filename: z.string(),
  url: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  sha256: z.string(),
  expires_on: isoDate.nullable(),
  uploaded_by: z.string().nullable(),
  created_at: z.string(),
});
export type VendorDocument = z.infer<typeof vendorDocument>;

export const vendorDocumentParams = z.object({ id: z.uuid(), docId: z.uuid() });

export const DEFAULT_REQUIRED_DILIGENCE_KINDS: VendorDocumentKind[] = ["w9", "insurance"];

/** The workspace's diligence rules: which kinds every active vendor needs, and whether ordering without them is refused. */
export const diligenceSettings = z.object({
  required_kinds: z.array(vendorDocumentKind).max(vendorDocumentKinds.length),
  block_orders: z.boolean(),
});
export type DiligenceSettings = z.infer<typeof diligenceSettings>;
export const updateDiligenceSettingsBody = diligenceSettings.partial().refine((b) => b.required_kinds !== undefined || b.block_orders !== undefined, {
  error: "Send required_kinds or block_orders to change.",
});
export const defaultDiligenceSettings: DiligenceSettings = { required_kinds: DEFAULT_REQUIRED_DILIGENCE_KINDS, block_orders: false };

/**
 * The one definition of a vendor's diligence, given its documents and the workspace's rules on a day (YYYY-MM-DD).
 * The read model computes the same in SQL for filtering; a unit test holds the two together.
 */
export function diligenceOf(
  documents: readonly { kind: VendorDocumentKind; expires_on: string | null }[],
  required: readonly VendorDocumentKind[],
  today: string,
): VendorDiligence {
  const soon = addDays(today, EXPIRING_WITHIN_DAYS);
  const missing: VendorDocumentKind[] = [];
  const expired: VendorDocumentKind[] = [];
  const expiring: VendorDocumentKind[] = [];
  for (const kind of required) {
    const ofKind = documents.filter((d) => d.kind === kind);
    if (ofKind.length === 0) missing.push(kind);
    else {
      // The document that lasts longest decides: an old certificate beside its renewal is no gap.
      const lasts = ofKind.some((d) => d.expires_on === null)
        ? null
        : ofKind
            .map((d) => d.expires_on!)
            .sort()
            .at(-1)!;
      if (lasts !== null && lasts < today) expired.push(kind);
      else if (lasts !== null && lasts <= soon) expiring.push(kind);
    }
  }
  const status: DiligenceStatus = missing.length > 0 ? "missing" : expired.length > 0 ? "expired" : expiring.length > 0 ? "expiring" : "complete";
  return { status, missing, expired, expiring };
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
