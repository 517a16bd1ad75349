import { defaultRequestPriority, normalizeStatus, requestPriorities, type RequestPriority } from "@procure/contracts";
import { useCategories } from "../api/get-categories";
import { useVendors } from "../api/get-vendors";
import { changeLine, quantityValid, type LineFields } from "../lib/line-amount";

/** Quantity and unit price help reach the amount; the API keeps the amount, and the description says how it was reached. */
export type RequestForm = LineFields & { categoryId: string; vendorId: string; priority: RequestPriority; neededBy: string };

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
};

const priorityLabels: Record<RequestPriority, string> = { low: "Low", normal: "Normal", high: "High", urgent: "Urgent" };

export const requestFormValid = (form: RequestForm) => {
  const amount = Number(form.amount);
  return form.title.trim() !== "" && form.amount.trim() !== "" && Number.isFinite(amount) && amount >= 0 && quantityValid(form.quantity);
};

const lineKeys = new Set<keyof RequestForm>(["title", "quantity", "unitPrice", "amount", "description"]);

/** One field changed; quantity, unit price and title also move the amount and the form's own description. */
export function changeRequestForm<T extends RequestForm>(form: T, key: keyof RequestForm, value: string): T {
  return lineKeys.has(key) ? changeLine(form, key as keyof LineFields, value) : { ...form, [key]: value };
}

/** The form's values as the API takes them. */
export const requestFormValues = (form: RequestForm) => ({
  title: form.title,
  amount: Math.round(Number(form.amount) * 100) / 100,
  category_id: form.categoryId || null,
  vendor_id: form.vendorId || null,
  description: form.description,
  priority: form.priority,
  needed_by: form.neededBy || null,
});

type Props = { form: RequestForm; set: (key: keyof RequestForm, value: string) => void; open: boolean };

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
