import type { RequestForm } from "../components/request-fields";
import { lineAmount, lineDescription } from "./line-amount";

/** The address parameters that open the new-request form filled in: from a vendor, or from a catalogue item. */
export const prefillParams = ["vendor", "title", "category", "price", "qty"] as const;

/**
 * What the new-request form opens with. A catalogue item brings its unit price and a quantity: the amount is their
 * product, and the description says how it was reached so the approver sees it too.
 */
export function requestPrefill(get: (name: (typeof prefillParams)[number]) => string): Partial<RequestForm> {
  const prefill: Partial<RequestForm> = {};
  if (get("vendor")) prefill.vendorId = get("vendor");
  if (get("title")) prefill.title = get("title");
  if (get("category")) prefill.categoryId = get("category");
  const quantity = String(Math.max(1, Math.floor(Number(get("qty")) || 1)));
  const amount = lineAmount(quantity, get("price"));
  if (amount !== null) {
    prefill.quantity = quantity;
    prefill.unitPrice = get("price");
    prefill.amount = amount;
    prefill.description = lineDescription({ title: get("title"), quantity, unitPrice: get("price") }) ?? "";
  }
  return prefill;
}
