import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { vendor as vendorSchema, vendorRisks, type UpdateVendorBody, type Vendor } from "@procure/contracts";
import { useVendor } from "../api/get-vendor";
import { Drawer } from "@/components/ui/drawer";
import { Notice } from "@/components/ui/notice";
import { EditConflictNotice } from "@/components/ui/edit-conflict";
import { useEditConflict } from "@/lib/use-edit-conflict";
import { serverFieldError } from "@/lib/server-field-error";
import { useUpdateVendor } from "../api/update-vendor";
import { changedFields, updateVendorResolver, vendorFields, vendorToForm, type VendorFormValues } from "../lib/vendor-form";
import { DiligenceBadge, VendorStatusBadge } from "./vendor-badges";
import { VendorDocuments } from "./vendor-documents";
import { VendorField } from "./vendor-field";
import { VendorHistory } from "./vendor-history";

const FORM = "vendor-form";

/** The form's fields as a conflict names them. */
const conflictLabels = { status: "Status", risk: "Risk", website: "Website", renewal_date: "Contract renewal", notes: "Notes" } as const;

/** `canFileDocuments`: the viewer keeps the vendor's diligence documents (buyers, finance, admins). */
type Props = { vendor: Vendor | null; canEdit: boolean; canFileDocuments: boolean; onClose: () => void };

/** Risk, website, renewal and notes, and a Block/Unblock toggle that takes effect on Save; the history below. */
export function VendorDrawer({ vendor, canEdit, canFileDocuments, onClose }: Props) {
  const update = useUpdateVendor();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, setValue, watch, formState } = useForm<VendorFormValues, unknown, UpdateVendorBody>({
    resolver: updateVendorResolver,
  });
  const { errors, dirtyFields } = formState;
  const edit = useEditConflict(vendor, { schema: vendorSchema, labels: conflictLabels, view: vendorToForm });

  useEffect(() => {
    if (!vendor) return;
    reset(vendorToForm(vendor));
    setFormError(null);
  }, [vendor, reset]);

  const blocked = watch("status") === "blocked";
  const statusChanged = vendor !== null && watch("status") !== vendor.status;

  const onSubmit = handleSubmit((body) => {
    if (!vendor) return;
    const changes = changedFields(body, dirtyFields);
    if (Object.keys(changes).length === 0) return onClose();
    setFormError(null);
    update.mutate(
      { id: vendor.id, body: changes, version: edit.version },
      {
        onSuccess: (saved) => {
          const what = changes.status === "blocked" ? "Vendor blocked" : changes.status === "active" ? "Vendor unblocked" : "Vendor updated";
          toast.success(what, { description: saved.name });
          onClose();
        },
        onError: (error) => {
          if (edit.caught(error)) return;
          const found = serverFieldError(error, vendorFields);
          if (found.field) setError(found.field, { type: "server", message: found.message }, { shouldFocus: true });
          else setFormError(found.message);
          toast.error("Save failed", { description: found.message });
        },
      },
    );
  });

  const toggle = () => setValue("status", blocked ? "active" : "blocked", { shouldDirty: true });

  return (
    <Drawer
      open={vendor !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={vendor?.name ?? "Vendor"}
      description={
        vendor ? (
          <span className="vendor-drawer-badges">
            <VendorStatusBadge status={vendor.status} />
            <CurrentDiligence vendor={vendor} />
          </span>
        ) : null
      }
      footer={
        canEdit ? (
          <div className="vendor-drawer-actions">
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" form={FORM} className="btn btn-primary" disabled={update.isPending}>
              {update.isPending ? "Saving…" : "Save"}
            </button>
          </div>
        ) : null
      }
    >
      {vendor ? (
        <form id={FORM} className="stack vendor-form" onSubmit={onSubmit} noValidate>
          {formError ? (
            <Notice tone="error" role="alert">
              {formError}
            </Notice>
          ) : null}
          <EditConflictNotice
            conflict={edit.conflict}
            what="vendor"
            onReload={() => {
              const current = edit.reload();
              if (current) reset(vendorToForm(current));
            }}
          />
          {canEdit ? (
            <div className="vendor-block">
              <button type="button" className={blocked ? "btn" : "btn btn-danger"} onClick={toggle} aria-describedby="vendor-block-state">
                {blocked ? "Unblock" : "Block"}
              </button>
              <span className="subtle" id="vendor-block-state" role="status">
                {statusChanged
                  ? `Will be ${blocked ? "blocked" : "active"} after Save.`
                  : blocked
                    ? "Blocked: no new purchase orders."
                    : "Active: open for purchase orders."}
              </span>
            </div>
          ) : null}
          {canEdit && statusChanged ? (
            <VendorField form={FORM} name="reason" label="Reason" optional hint="Kept in the vendor's history." error={errors.reason?.message}>
              {(control) => <input className="input" {...control} {...register("reason")} />}
            </VendorField>
          ) : null}
          <VendorField form={FORM} name="risk" label="Risk" error={errors.risk?.message}>
            {(control) => (
              <select className="input" disabled={!canEdit} {...control} {...register("risk")}>
                {vendorRisks.map((risk) => (
                  <option key={risk} value={risk}>
                    {risk}
                  </option>
                ))}
              </select>
            )}
          </VendorField>
          <VendorField form={FORM} name="website" label="Website" optional error={errors.website?.message}>
            {(control) => <input className="input" inputMode="url" readOnly={!canEdit} {...control} {...register("website")} />}
          </VendorField>
          <VendorField form={FORM} name="renewal_date" label="Contract renewal" optional error={errors.renewal_date?.message}>
            {(control) => <input className="input" type="date" readOnly={!canEdit} {...control} {...register("renewal_date")} />}
          </VendorField>
          <VendorField form={FORM} name="notes" label="Notes" optional error={errors.notes?.message}>
            {(control) => <textarea className="input" rows={5} readOnly={!canEdit} {...control} {...register("notes")} />}
          </VendorField>
        </form>
      ) : null}
      {vendor && canFileDocuments ? <VendorDocuments vendorId={vendor.id} vendorName={vendor.name} canEdit={canFileDocuments} /> : null}
      {vendor ? <VendorHistory vendorId={vendor.id} /> : null}
    </Drawer>
  );
}

/** The form keeps the vendor as it was opened; its diligence follows each document added or removed. */
function CurrentDiligence({ vendor }: { vendor: Vendor }) {
  const current = useVendor(vendor.id);
  return <DiligenceBadge diligence={current.data?.diligence ?? vendor.diligence} />;
}
