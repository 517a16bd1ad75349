import type { RequestForm } from "../components/request-fields";
import { lineAmount, lineDescription } from "./line-amount";

/** The address parameters that open the new-request form filled in: from a vendor, or from a catalogue item. */
export const prefillParams = ["vendor", "title", "category", "price", "qty", "item"] as const;

/** The parameters that open the form: `new=1` opens it empty (the "New request" links), the others filled in. */
export const formParams = ["new", ...prefillParams] as const;

/** Whether the address asks for the new-request form: empty, or with what `requestPrefill` read from it. */
export const asksForForm = (get: (name: "new") => string, prefill: Partial<RequestForm>): boolean => get("new") === "1" || Object.keys(prefill).length > 0;

/**
 * What the new-request form opens with. A catalogue item brings its unit price and a quantity: the amount is their
 * product, and the description says how it was reached so the approver sees it too. Its id (`item`) makes the line a
 * catalogue line, priced at the item's volume tier for the quantity.
 */
export function requestPrefill(get: (name: (typeof prefillParams)[number]) => string): Partial<RequestForm> {
  const prefill: Partial<RequestForm> = {};
  if (get("vendor")) prefill.vendorId = get("vendor");
  if (get("title")) prefill.title = get("title");
  if (get("category")) prefill.categoryId = get("category");
  if (get("item")) prefill.catalogueItemId = get("item");
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
