/** The quantity, unit price and amount of a request as its form holds them: text, as typed. */
export type LineFields = { title: string; quantity: string; unitPrice: string; amount: string; description: string };

const maxQuantity = 1_000_000;

export const quantityValid = (quantity: string) => {
  const n = Number(quantity);
  return quantity.trim() !== "" && Number.isInteger(n) && n >= 1 && n <= maxQuantity;
};

const priceOf = (unitPrice: string): number | null => {
  const n = Number(unitPrice);
  return unitPrice.trim() !== "" && Number.isFinite(n) && n >= 0 ? n : null;
};

/** Quantity × unit price in cents-exact dollars, or null while either is not a usable number. */
export function lineAmount(quantity: string, unitPrice: string): string | null {
  const price = priceOf(unitPrice);
  if (price === null || !quantityValid(quantity)) return null;
  return String(Math.round(Number(quantity) * price * 100) / 100);
}

/** The line the approver reads in the description: how the amount was reached. */
export function lineDescription(line: Pick<LineFields, "title" | "quantity" | "unitPrice">): string | null {
  const price = priceOf(line.unitPrice);
  if (price === null || !quantityValid(line.quantity)) return null;
  return `${Number(line.quantity)} × ${line.title.trim() || "item"} at ${price.toFixed(2)} USD each`;
}

/** A catalogue item's unit price at a quantity (its volume tier), or null while it is not known. */
export type PriceAt = (quantity: number) => number | null;

/**
 * A change to one field of the line; a catalogue line's unit price follows its quantity (`priceAt`). Quantity and unit price set the amount; a description the form wrote itself
 * (or none) follows them, while one the requester wrote stays theirs. The amount itself stays editable, for a
 * discount or a fee the unit price does not show.
 */
export function changeLine<T extends LineFields>(form: T, key: keyof LineFields, value: string, priceAt?: PriceAt): T {
  const next = { ...form, [key]: value };
  const price = key === "quantity" && priceAt && quantityValid(value) ? priceAt(Number(value)) : null;
  if (price !== null) next.unitPrice = String(price);
  if (key === "quantity" || key === "unitPrice") next.amount = lineAmount(next.quantity, next.unitPrice) ?? form.amount;
  const written = form.description.trim() !== "" && form.description !== lineDescription(form);
  if (key !== "description" && key !== "amount" && !written) next.description = lineDescription(next) ?? "";
  return next;
}
