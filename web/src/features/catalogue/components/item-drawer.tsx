import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "sonner";
import { catalogueItemBody, normalizeStatus, type OverviewCategory } from "@procure/contracts";
import type { z } from "zod";
import { Drawer } from "@/components/ui/drawer";
import { DrawerActions } from "@/components/ui/drawer-actions";
import { FormError } from "@/components/ui/form-error";
import { FormField, formFieldIds } from "@/components/ui/form-field";
import { showServerError } from "@/lib/server-field-error";
import { useVendorOptions } from "@/lib/vendor-options";
import { useCreateCatalogueItem } from "../api/create-catalogue-item";
import { withFieldMessages } from "../lib/field-messages";

type Input = z.input<typeof catalogueItemBody>;
type Output = z.output<typeof catalogueItemBody>;

const fields = ["category_id", "name", "sku", "unit_of_measure", "base_price", "currency", "vendor_id", "contract_number", "coverage_notes"] as const;
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
  vendor_id: "",
  contract_number: "",
  coverage_notes: "",
};

type Props = { open: boolean; onOpenChange: (open: boolean) => void; categories: readonly OverviewCategory[] };

/** A new catalogue item starts as a draft; it goes to review and publish from the lifecycle table. */
export function ItemDrawer({ open, onOpenChange, categories }: Props) {
  const create = useCreateCatalogueItem();
  const vendors = useVendorOptions(open);
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
        showServerError<Field>(error, fields, { sku: /SKU/i, category_id: /categor/i, vendor_id: /vendor/i }, { setError, setFormError });
        toast.error("Save failed");
      },
    });
  });

  const messageOf = (name: Field) => errors[name]?.message;
  const { idOf, aria } = formFieldIds<Field>("item", messageOf);

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title="New catalogue item"
      description="Items start as drafts. Send them to review, then publish them for requesters."
      footer={<DrawerActions formId="catalogue-item-form" submitLabel="Save draft" onCancel={() => onOpenChange(false)} saving={create.isPending} />}
    >
      <form id="catalogue-item-form" className="form-grid" onSubmit={onSubmit} noValidate>
        <FormField id={idOf("name")} className="span-2" label="Name" error={messageOf("name")}>
          <input className="input" autoFocus {...aria("name")} {...register("name")} />
        </FormField>
        <FormField id={idOf("sku")} label="SKU" error={messageOf("sku")}>
          <input className="input mono" {...aria("sku")} {...register("sku")} />
        </FormField>
        <FormField id={idOf("category_id")} label="Category" error={messageOf("category_id")}>
          <select className="select" {...aria("category_id")} {...register("category_id")}>
            <option value="">Choose a category</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.parentName ? `${c.parentName} › ${c.name}` : c.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={idOf("base_price")} label="Base price" error={messageOf("base_price")}>
          <input
            className="input"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            {...aria("base_price")}
            {...register("base_price", { valueAsNumber: true })}
          />
        </FormField>
        <FormField id={idOf("currency")} label="Currency" error={messageOf("currency")}>
          <input className="input" maxLength={3} {...aria("currency")} {...register("currency")} />
        </FormField>
        <FormField id={idOf("unit_of_measure")} label="Unit of measure" error={messageOf("unit_of_measure")}>
          <input className="input" {...aria("unit_of_measure")} {...register("unit_of_measure")} />
        </FormField>
        <FormField id={idOf("vendor_id")} label="Supplier" qualifier="optional" hint="A vendor of the workspace" error={messageOf("vendor_id")}>
          <select className="select" {...aria("vendor_id")} {...register("vendor_id")}>
            <option value="">{vendors.isPending ? "Loading vendors…" : "No supplier"}</option>
            {(vendors.data ?? []).map((v) => (
              <option key={v.id} value={v.id}>
                {normalizeStatus(v.status) === "blocked" ? `${v.name} (blocked)` : v.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={idOf("contract_number")} className="span-2" label="Contract number" qualifier="optional" error={messageOf("contract_number")}>
          <input className="input" {...aria("contract_number")} {...register("contract_number")} />
        </FormField>
        <FormField id={idOf("coverage_notes")} className="span-2" label="Coverage notes" qualifier="optional" error={messageOf("coverage_notes")}>
          <textarea className="textarea" rows={3} {...aria("coverage_notes")} {...register("coverage_notes")} />
        </FormField>
        <FormError message={formError} />
      </form>
    </Drawer>
  );
}
