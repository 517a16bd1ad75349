import type { RequestForm } from "../components/request-fields";

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
  const price = Number(get("price"));
  const quantity = Math.max(1, Math.floor(Number(get("qty")) || 1));
  if (get("price") && Number.isFinite(price) && price >= 0) {
    prefill.amount = String(Math.round(price * quantity * 100) / 100);
    prefill.description = `${quantity} × ${get("title") || "item"} at ${price.toFixed(2)} USD each`;
  }
  return prefill;
}
