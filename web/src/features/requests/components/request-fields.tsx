import { useEffect, useRef, type Dispatch, type SetStateAction } from "react";
import { defaultRequestPriority, linesTotal, normalizeStatus, requestPriorities, type RequestLine, type RequestPriority } from "@procure/contracts";
import { useCategories } from "../api/get-categories";
import { useVendors } from "../api/get-vendors";
import { useCataloguePrice } from "../api/get-catalogue-item";
import { changeLine, lineAmount, quantityValid, type LineFields, type PriceAt } from "../lib/line-amount";

/**
 * The form edits one line (quantity × unit price) and the amount; the description says how it was reached.
 * `catalogueItemId`: the line is a catalogue item's, priced by the server at its volume tier. `savedLines`: the lines
 * the request was saved with, sent back as they were when the form leaves them alone.
 */
export type RequestForm = LineFields & {
  categoryId: string;
  vendorId: string;
  priority: RequestPriority;
  neededBy: string;
  catalogueItemId: string;
  savedLines: RequestLine[] | null;
};

export const emptyRequestForm: RequestForm = {
  title: "",
  quantity: "1",
  unitPrice: "",
  amount: "",
  categoryId: "",
  vendorId: "",
  description: "",
  priority: defaultRequestPriority,
  neededBy: "",
  catalogueItemId: "",
  savedLines: null,
};

const priorityLabels: Record<RequestPriority, string> = { low: "Low", normal: "Normal", high: "High", urgent: "Urgent" };

export const requestFormValid = (form: RequestForm) => {
  const amount = Number(form.amount);
  return form.title.trim() !== "" && form.amount.trim() !== "" && Number.isFinite(amount) && amount >= 0 && quantityValid(form.quantity);
};

const lineKeys = new Set<keyof RequestForm>(["title", "quantity", "unitPrice", "amount", "description"]);

export type RequestFieldKey = Exclude<keyof RequestForm, "savedLines">;

/**
 * The request form's change of one field, a catalogue line priced at its volume tier: a quantity typed before the
 * item's prices arrived is priced again once they do (only then, so Edit keeps a saved price the catalogue has moved
 * from until the quantity changes).
 */
export function useRequestFormChange<T extends RequestForm>(catalogueItemId: string, setForm: Dispatch<SetStateAction<T>>) {
  const priceAt = useCataloguePrice(catalogueItemId);
  const unpriced = useRef(false);
  useEffect(() => {
    if (!priceAt || !unpriced.current) return;
    unpriced.current = false;
    setForm((f) => changeRequestForm(f, "quantity", f.quantity, priceAt));
  }, [priceAt, setForm]);
  return (key: RequestFieldKey, value: string) => {
    if (key === "quantity" && catalogueItemId && !priceAt) unpriced.current = true;
    setForm((f) => changeRequestForm(f, key, value, priceAt));
  };
}

/** One field changed; quantity, unit price and title also move the amount and the form's own description. */
export function changeRequestForm<T extends RequestForm>(form: T, key: RequestFieldKey, value: string, priceAt?: PriceAt): T {
  return lineKeys.has(key) ? changeLine(form, key as keyof LineFields, value, priceAt) : { ...form, [key]: value };
}

/**
 * What the request asks for: the form's line while the amount is its quantity × unit price; else the lines it was
 * saved with while the amount is still their sum; else only the amount (a discount or fee), which is one line of it.
 */
function formLines(form: RequestForm): { lines: RequestLine[] } | { amount: number } {
  const amount = Math.round(Number(form.amount) * 100) / 100;
  if (lineAmount(form.quantity, form.unitPrice) === String(amount)) {
    const saved = form.savedLines?.length === 1 ? form.savedLines[0] : undefined;
    const description = saved?.description ?? form.title.trim();
    return { lines: [{ description, quantity: Number(form.quantity), unit_price: Number(form.unitPrice), catalogue_item_id: form.catalogueItemId || null }] };
  }
  if (form.savedLines && linesTotal(form.savedLines) === amount) return { lines: form.savedLines };
  return { amount };
}

/** The form's values as the API takes them. */
export const requestFormValues = (form: RequestForm) => ({
  title: form.title,
  ...formLines(form),
  category_id: form.categoryId || null,
  vendor_id: form.vendorId || null,
  description: form.description,
  priority: form.priority,
  needed_by: form.neededBy || null,
});

type Props = { form: RequestForm; set: (key: RequestFieldKey, value: string) => void; open: boolean };

/** What a requester writes on a request, the same when raising, editing or resubmitting it. */
export function RequestFields({ form, set, open }: Props) {
  const categories = useCategories(open);
  const vendors = useVendors(open);
  return (
    <>
      <label className="field">
        <span className="field-label">Title</span>
        <input className="input" name="title" value={form.title} onChange={(e) => set("title", e.target.value)} required maxLength={200} autoFocus />
      </label>
      <div className="form-grid">
        <label className="field">
          <span className="field-label">Quantity</span>
          <input
            className="input"
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={form.quantity}
            onChange={(e) => set("quantity", e.target.value)}
            required
          />
        </label>
        <label className="field">
          <span className="field-label">
            Unit price (USD) <span className="subtle">(optional)</span>
          </span>
          <input
            className="input"
            name="unit_price"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={form.unitPrice}
            onChange={(e) => set("unitPrice", e.target.value)}
            readOnly={form.catalogueItemId !== ""}
            title={form.catalogueItemId !== "" ? "The catalogue price for this quantity" : undefined}
          />
        </label>
      </div>
      <label className="field">
        <span className="field-label">Amount (USD)</span>
        <input
          className="input"
          name="amount"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={form.amount}
          onChange={(e) => set("amount", e.target.value)}
          required
        />
      </label>
      <div className="form-grid">
        <label className="field">
          <span className="field-label">Priority</span>
          <select className="select" name="priority" value={form.priority} onChange={(e) => set("priority", e.target.value)}>
            {requestPriorities.map((priority) => (
              <option key={priority} value={priority}>
                {priorityLabels[priority]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">
            Needed by <span className="subtle">(optional)</span>
          </span>
          <input className="input" name="needed_by" type="date" value={form.neededBy} onChange={(e) => set("neededBy", e.target.value)} />
        </label>
      </div>
      <label className="field">
        <span className="field-label">
          Category <span className="subtle">(optional)</span>
        </span>
        <select className="select" name="category_id" value={form.categoryId} onChange={(e) => set("categoryId", e.target.value)}>
          <option value="">{categories.isPending ? "Loading categories…" : "No category"}</option>
          {(categories.data ?? []).map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field-label">
          Vendor <span className="subtle">(optional)</span>
        </span>
        <select className="select" name="vendor_id" value={form.vendorId} onChange={(e) => set("vendorId", e.target.value)}>
          <option value="">{vendors.isPending ? "Loading vendors…" : "No vendor"}</option>
          {(vendors.data ?? []).map((vendor) => {
            const blocked = normalizeStatus(vendor.status) === "blocked";
            return (
              <option key={vendor.id} value={vendor.id} disabled={blocked && vendor.id !== form.vendorId}>
                {vendor.name}
                {blocked ? " (blocked)" : ""}
              </option>
            );
          })}
        </select>
      </label>
      <label className="field">
        <span className="field-label">
          Description <span className="subtle">(optional)</span>
        </span>
        <textarea
          className="textarea"
          name="description"
          value={form.description}
          onChange={(e) => set("description", e.target.value)}
          rows={3}
          maxLength={5000}
        />
      </label>
    </>
  );
}
