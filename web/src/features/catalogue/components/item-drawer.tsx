import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "sonner";
import { catalogueItemBody, type OverviewCategory } from "@procure/contracts";
import type { z } from "zod";
import { Drawer } from "@/components/ui/drawer";
import { Notice } from "@/components/ui/notice";
import { useCreateCatalogueItem } from "../api/create-catalogue-item";
import { withFieldMessages } from "../lib/field-messages";
import { serverFieldError } from "../lib/server-errors";

type Input = z.input<typeof catalogueItemBody>;
type Output = z.output<typeof catalogueItemBody>;

const fields = ["category_id", "name", "sku", "unit_of_measure", "base_price", "currency", "preferred_supplier", "contract_number", "coverage_notes"] as const;
type Field = (typeof fields)[number];

const resolver = withFieldMessages(zodResolver(catalogueItemBody), {
  category_id: "Choose a category.",
  name: "Enter a name of up to 200 characters.",
  sku: "Enter a SKU of up to 64 characters.",
  unit_of_measure: "Enter a unit of measure.",
  base_price: "Enter a valid price of 0 or more.",
});

const blank: Input = {
  category_id: "",
  name: "",
  sku: "",
  unit_of_measure: "each",
  base_price: Number.NaN,
  currency: "USD",
  preferred_supplier: "",
  contract_number: "",
  coverage_notes: "",
};

type Props = { open: boolean; onOpenChange: (open: boolean) => void; categories: readonly OverviewCategory[] };

/** A new catalogue item starts as a draft; it goes to review and publish from the lifecycle table. */
export function ItemDrawer({ open, onOpenChange, categories }: Props) {
  const create = useCreateCatalogueItem();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({ resolver, defaultValues: blank });
  const { register, handleSubmit, reset, setError, formState } = form;
  const { errors } = formState;

  useEffect(() => {
    if (open) {
      reset(blank);
      setFormError(null);
    }
  }, [open, reset]);

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    create.mutate(body, {
      onSuccess: (item) => {
        toast.success("Catalogue item created", { description: `${item.name} is a draft until it is reviewed.` });
        onOpenChange(false);
      },
      onError: (error) => {
        const { field, message } = serverFieldError<Field>(error, fields, { sku: /SKU/i, category_id: /categor/i });
        if (field) setError(field, { type: "server", message }, { shouldFocus: true });
        else setFormError(message);
        toast.error("Save failed");
      },
    });
  });

  const describedBy = (name: Field) => (errors[name] ? `item-${name}-error` : undefined);
  const fieldError = (name: Field) =>
    errors[name]?.message ? (
      <span className="field-error" id={`item-${name}-error`}>
        {errors[name]?.message}
      </span>
    ) : null;

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title="New catalogue item"
      description="Items start as drafts. Send them to review, then publish them for requesters."
      footer={
        <>
          <button type="button" className="btn" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" form="catalogue-item-form" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? "Saving…" : "Save draft"}
          </button>
        </>
      }
    >
      <form id="catalogue-item-form" className="form-grid" onSubmit={onSubmit} noValidate>
        <label className="field span-2">
          <span className="field-label">Name</span>
          <input className="input" autoFocus aria-invalid={Boolean(errors.name)} aria-describedby={describedBy("name")} {...register("name")} />
          {fieldError("name")}
        </label>
        <label className="field">
          <span className="field-label">SKU</span>
          <input className="input mono" aria-invalid={Boolean(errors.sku)} aria-describedby={describedBy("sku")} {...register("sku")} />
          {fieldError("sku")}
        </label>
        <label className="field">
          <span className="field-label">Category</span>
          <select className="select" aria-invalid={Boolean(errors.category_id)} aria-describedby={describedBy("category_id")} {...register("category_id")}>
            <option value="">Choose a category</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.parentName ? `${c.parentName} › ${c.name}` : c.name}
              </option>
            ))}
          </select>
          {fieldError("category_id")}
        </label>
        <label className="field">
          <span className="field-label">Base price</span>
          <input
            className="input"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            aria-invalid={Boolean(errors.base_price)}
            aria-describedby={describedBy("base_price")}
            {...register("base_price", { valueAsNumber: true })}
          />
          {fieldError("base_price")}
        </label>
        <label className="field">
          <span className="field-label">Currency</span>
          <input className="input" maxLength={3} aria-invalid={Boolean(errors.currency)} aria-describedby={describedBy("currency")} {...register("currency")} />
          {fieldError("currency")}
        </label>
        <label className="field">
          <span className="field-label">Unit of measure</span>
          <input className="input" aria-invalid={Boolean(errors.unit_of_measure)} aria-describedby={describedBy("unit_of_measure")} {...register("unit_of_measure")} />
          {fieldError("unit_of_measure")}
        </label>
        <label className="field">
          <span className="field-label">
            Preferred supplier <span className="cat-optional">(optional)</span>
          </span>
          <input className="input" aria-invalid={Boolean(errors.preferred_supplier)} aria-describedby={describedBy("preferred_supplier")} {...register("preferred_supplier")} />
          {fieldError("preferred_supplier")}
        </label>
        <label className="field span-2">
          <span className="field-label">
            Contract number <span className="cat-optional">(optional)</span>
          </span>
          <input className="input" aria-invalid={Boolean(errors.contract_number)} aria-describedby={describedBy("contract_number")} {...register("contract_number")} />
          {fieldError("contract_number")}
        </label>
        <label className="field span-2">
          <span className="field-label">
            Coverage notes <span className="cat-optional">(optional)</span>
          </span>
          <textarea className="textarea" rows={3} aria-invalid={Boolean(errors.coverage_notes)} aria-describedby={describedBy("coverage_notes")} {...register("coverage_notes")} />
          {fieldError("coverage_notes")}
        </label>
        {formError ? (
          <div className="span-2">
            <Notice tone="error" role="alert">
              {formError}
            </Notice>
          </div>
        ) : null}
      </form>
    </Drawer>
  );
}
