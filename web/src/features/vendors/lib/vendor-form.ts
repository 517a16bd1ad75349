import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { createVendorBody, updateVendorBody, type CreateVendorBody, type UpdateVendorBody, type Vendor } from "@procure/contracts";

/** The drawer's fields as typed text and select values; blanks become null through the contract's schema. */
export type VendorFormValues = { status: string; risk: string; website: string; renewal_date: string; notes: string; reason: string };
export const vendorFields = ["status", "risk", "website", "renewal_date", "notes", "reason"] as const;
export type VendorField = (typeof vendorFields)[number];

export type NewVendorFormValues = { name: string; risk: string; website: string; notes: string };
export const newVendorFields = ["name", "risk", "website", "notes"] as const;
export type NewVendorField = (typeof newVendorFields)[number];

export const vendorToForm = (vendor: Vendor): VendorFormValues => ({
  status: vendor.status,
  risk: vendor.risk,
  website: vendor.website ?? "",
  renewal_date: vendor.renewal_date ?? "",
  notes: vendor.notes ?? "",
  reason: "",
});

export const blankVendor: NewVendorFormValues = { name: "", risk: "medium", website: "", notes: "" };

// The contract's schemas preprocess their input, so their input type is unknown; the form's values are plain strings.
export const updateVendorResolver = zodResolver(updateVendorBody) as unknown as Resolver<VendorFormValues, unknown, UpdateVendorBody>;
export const createVendorResolver = zodResolver(createVendorBody) as unknown as Resolver<NewVendorFormValues, unknown, CreateVendorBody>;

/**
 * Only what the user changed is sent, so a concurrent edit of another field is kept. The reason travels only with
 * a status change, which is the event that records it.
 */
export function changedFields(body: UpdateVendorBody, dirty: Partial<Record<VendorField, boolean | undefined>>): UpdateVendorBody {
  const changes: UpdateVendorBody = {};
  if (dirty.risk) changes.risk = body.risk;
  if (dirty.website) changes.website = body.website;
  if (dirty.renewal_date) changes.renewal_date = body.renewal_date;
  if (dirty.notes) changes.notes = body.notes;
  if (dirty.status) {
    changes.status = body.status;
    changes.reason = body.reason;
  }
  return changes;
}

/** Refusals that name their field only in words. */
export const newVendorHints: Partial<Record<NewVendorField, RegExp>> = { name: /named|name/i };
