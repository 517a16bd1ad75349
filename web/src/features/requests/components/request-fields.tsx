import { normalizeStatus } from "@procure/contracts";
import { useCategories } from "../api/get-categories";
import { useVendors } from "../api/get-vendors";

export type RequestForm = { title: string; amount: string; categoryId: string; vendorId: string; description: string };

export const requestFormValid = (form: RequestForm) => {
  const amount = Number(form.amount);
  return form.title.trim() !== "" && form.amount.trim() !== "" && Number.isFinite(amount) && amount >= 0;
};

/** The form's values as the API takes them. */
export const requestFormValues = (form: RequestForm) => ({
  title: form.title,
  amount: Math.round(Number(form.amount) * 100) / 100,
  category_id: form.categoryId || null,
  vendor_id: form.vendorId || null,
  description: form.description,
});

type Props = { form: RequestForm; set: <K extends keyof RequestForm>(key: K, value: RequestForm[K]) => void; open: boolean };

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
