import { sql, type Kysely, type RawBuilder } from "kysely";
import {
  addDays,
  defaultDiligenceSettings,
  diligenceOf,
  EXPIRING_WITHIN_DAYS,
  type DiligenceSettings,
  type DiligenceStatus,
  type VendorDiligence,
  type VendorDocument,
  type VendorDocumentKind,
} from "@procure/contracts";
import type { Database } from "../tables.ts";
import type { VendorDocumentsRow } from "./diligence-tables.ts";
import "./diligence-tables.ts";

export async function getDiligenceSettings(db: Kysely<Database>): Promise<DiligenceSettings> {
  const row = await db.selectFrom("rm_diligence_settings").select(["required_kinds", "block_orders"]).where("id", "=", 1).executeTakeFirst();
  return row ? { required_kinds: row.required_kinds as VendorDocumentKind[], block_orders: row.block_orders } : defaultDiligenceSettings;
}

export const toVendorDocument = (row: VendorDocumentsRow): VendorDocument => ({
  id: row.id,
  vendor_id: row.vendor_id,
  kind: row.kind as VendorDocumentKind,
  filename: row.filename,
  url: `/api/vendors/${row.vendor_id}/documents/${row.id}`,
  size: row.size,
  content_type: row.content_type,
  sha256: row.sha256,
  expires_on: row.expires_on,
  uploaded_by: row.uploaded_by,
  created_at: row.created_at,
});

export async function listVendorDocuments(db: Kysely<Database>, vendorId: string): Promise<VendorDocumentsRow[]> {
  return db.selectFrom("rm_vendor_documents").selectAll().where("vendor_id", "=", vendorId).orderBy("created_at", "desc").orderBy("id").execute();
}

export async function getVendorDocument(db: Kysely<Database>, vendorId: string, documentId: string): Promise<VendorDocumentsRow | null> {
  return (await db.selectFrom("rm_vendor_documents").selectAll().where("vendor_id", "=", vendorId).where("id", "=", documentId).executeTakeFirst()) ?? null;
}

/** The diligence of each vendor named, on `today`, under the workspace's settings. */
export async function diligenceOfVendors(db: Kysely<Database>, vendorIds: readonly string[], today: string): Promise<Map<string, VendorDiligence>> {
  const settings = await getDiligenceSettings(db);
  const rows =
    vendorIds.length === 0
      ? []
      : await db
          .selectFrom("rm_vendor_documents")
          .select(["vendor_id", "kind", "expires_on"])
          .where("vendor_id", "in", [...vendorIds])
          .execute();
  return new Map(
    vendorIds.map((id) => [
      id,
      diligenceOf(
        rows.filter((r) => r.vendor_id === id).map((r) => ({ kind: r.kind as VendorDocumentKind, expires_on: r.expires_on })),
        settings.required_kinds,
        today,
      ),
    ]),
  );
}

/**
 * The same rule as `diligenceOf`, in SQL over one vendor row (`rm_vendors.id`), for filtering a list: per required
 * kind, missing without a document, expired when even the longest-lasting one has run out, expiring when it runs
 * out within the window; the worst kind decides.
 */
export function diligenceStatusSql(requiredKinds: readonly string[], today: string): RawBuilder<DiligenceStatus> {
  const soon = addDays(today, EXPIRING_WITHIN_DAYS);
  return sql<DiligenceStatus>`(select case
      when bool_or(k.state = 'missing') then 'missing'
      when bool_or(k.state = 'expired') then 'expired'
      when bool_or(k.state = 'expiring') then 'expiring'
      else 'complete' end
    from (select (select case
        when count(*) = 0 then 'missing'
        when bool_or(d.expires_on is null) then 'ok'
        when max(d.expires_on) < ${today} then 'expired'
        when max(d.expires_on) <= ${soon} then 'expiring'
        else 'ok' end
      from rm_vendor_documents d where d.vendor_id = rm_vendors.id and d.kind = required.kind) as state
      from unnest(${sql.val([...requiredKinds])}::text[]) as required(kind)) k)`;
}
