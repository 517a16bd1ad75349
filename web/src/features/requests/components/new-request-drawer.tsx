import { useEffect, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { normalizeStatus } from "@procure/contracts";
import { Drawer } from "@/components/ui/drawer";
import { Notice } from "@/components/ui/notice";
import { useCategories } from "../api/get-categories";
import { useVendors } from "../api/get-vendors";
import { useCreateRequest } from "../api/create-request";

type Props = { open: boolean; onOpenChange: (open: boolean) => void; initialVendorId: string | null; onCreated: () => void };

type Form = { title: string; amount: string; categoryId: string; vendorId: string; description: string; file: File | null };
const emptyForm = (vendorId: string | null): Form => ({ title: "", amount: "", categoryId: "", vendorId: vendorId ?? "", description: "", file: null });

export function NewRequestDrawer({ open, onOpenChange, initialVendorId, onCreated }: Props) {
  const [form, setForm] = useState<Form>(() => emptyForm(initialVendorId));
  const [error, setError] = useState<string | null>(null);
  const categories = useCategories(open);
  const vendors = useVendors(open);
  const mutation = useCreateRequest();

  useEffect(() => {
    if (open) {
      setForm(emptyForm(initialVendorId));
      setError(null);
    }
  }, [open, initialVendorId]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const amount = Number(form.amount);
  const valid = form.title.trim() !== "" && form.amount.trim() !== "" && Number.isFinite(amount) && amount >= 0;
  const prefilledVendor = vendors.data?.find((v) => v.id === initialVendorId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || mutation.isPending) return;
    setError(null);
    mutation.mutate(
      {
        title: form.title,
        amount: Math.round(amount * 100) / 100,
        category_id: form.categoryId || null,
        vendor_id: form.vendorId || null,
        description: form.description,
        file: form.file,
      },
      {
        onSuccess: ({ fileError }) => {
          toast.success("Request created");
          if (fileError) toast.error("The attachment could not be uploaded. Add it from the Files tab.");
          onCreated();
        },
        onError: (err) => {
          toast.error("Create failed");
          setError(err instanceof Error ? err.message : "Create failed");
        },
      },
    );
  };

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title="New request"
      description={prefilledVendor ? `Raising a request for ${prefilledVendor.name}.` : "Describe what you need; approvers are notified right away."}
      footer={
        <>
          <button type="button" className="btn" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" form="new-request-form" className="btn btn-primary" disabled={!valid || mutation.isPending}>
            {mutation.isPending ? "Submitting…" : "Submit request"}
          </button>
        </>
      }
    >
      <form id="new-request-form" className="stack" onSubmit={onSubmit}>
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
        <label className="field">
          <span className="field-label">
            Attachment <span className="subtle">(optional, one file)</span>
          </span>
          <input className="input file-input" type="file" name="file" onChange={(e) => set("file", e.target.files?.[0] ?? null)} />
        </label>
        {error ? (
          <Notice tone="error" role="alert">
            {error}
          </Notice>
        ) : null}
      </form>
    </Drawer>
  );
}
