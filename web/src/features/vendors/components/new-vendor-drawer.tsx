import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { vendorRisks, type CreateVendorBody } from "@procure/contracts";
import { Drawer } from "@/components/ui/drawer";
import { Notice } from "@/components/ui/notice";
import { serverFieldError } from "@/lib/server-field-error";
import { useCreateVendor } from "../api/create-vendor";
import { blankVendor, createVendorResolver, newVendorFields, newVendorHints, type NewVendorFormValues } from "../lib/vendor-form";
import { VendorField } from "./vendor-field";

const FORM = "new-vendor-form";

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/** Adds a vendor, active from the start; blocking is a later decision made in its drawer. */
export function NewVendorDrawer({ open, onOpenChange }: Props) {
  const create = useCreateVendor();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<NewVendorFormValues, unknown, CreateVendorBody>({
    resolver: createVendorResolver,
    defaultValues: blankVendor,
  });
  const { errors } = formState;

  useEffect(() => {
    if (!open) return;
    reset(blankVendor);
    setFormError(null);
  }, [open, reset]);

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    create.mutate(body, {
      onSuccess: (saved) => {
        toast.success("Vendor added", { description: saved.name });
        onOpenChange(false);
      },
      onError: (error) => {
        const found = serverFieldError(error, newVendorFields, newVendorHints);
        if (found.field) setError(found.field, { type: "server", message: found.message }, { shouldFocus: true });
        else setFormError(found.message);
        toast.error("Save failed", { description: found.message });
      },
    });
  });

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title="New vendor"
      description="Name the supplier and how risky it is to buy from."
      footer={
        <div className="vendor-drawer-actions">
          <button type="button" className="btn" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" form={FORM} className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? "Saving…" : "Add vendor"}
          </button>
        </div>
      }
    >
      <form id={FORM} className="stack vendor-form" onSubmit={onSubmit} noValidate>
        {formError ? (
          <Notice tone="error" role="alert">
            {formError}
          </Notice>
        ) : null}
        <VendorField form={FORM} name="name" label="Name" error={errors.name?.message}>
          {(control) => <input className="input" autoComplete="organization" {...control} {...register("name")} />}
        </VendorField>
        <VendorField form={FORM} name="risk" label="Risk" error={errors.risk?.message}>
          {(control) => (
            <select className="input" {...control} {...register("risk")}>
              {vendorRisks.map((risk) => (
                <option key={risk} value={risk}>
                  {risk}
                </option>
              ))}
            </select>
          )}
        </VendorField>
        <VendorField form={FORM} name="website" label="Website" optional error={errors.website?.message}>
          {(control) => <input className="input" inputMode="url" {...control} {...register("website")} />}
        </VendorField>
        <VendorField form={FORM} name="notes" label="Notes" optional error={errors.notes?.message}>
          {(control) => <textarea className="input" rows={4} {...control} {...register("notes")} />}
        </VendorField>
      </form>
    </Drawer>
  );
}
