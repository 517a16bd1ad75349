import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { toast } from "sonner";
import { updateVendorBody, vendorRisks, type UpdateVendorBody, type Vendor } from "@procure/contracts";
import { Drawer } from "@/components/ui/drawer";
import { Notice } from "@/components/ui/notice";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatRecency } from "@/lib/format";
import { serverFieldError } from "@/lib/server-field-error";
import { useUpdateVendor } from "../api/update-vendor";
import { useVendorHistory } from "../api/get-vendor-history";
import { historyLine } from "../lib/history-lines";

type FormValues = z.input<typeof updateVendorBody>;
const fields = ["notes", "risk", "website", "reason"] as const;
const resolver = zodResolver(updateVendorBody) as unknown as import("react-hook-form").Resolver<FormValues, unknown, UpdateVendorBody>;

type Props = { vendor: Vendor | null; canEdit: boolean; onOpenChange: (open: boolean) => void };

/** Notes, risk and website, and a Block/Unblock toggle that takes effect on Save; the vendor's history below. */
export function VendorDrawer({ vendor, canEdit, onOpenChange }: Props) {
  const update = useUpdateVendor();
  const history = useVendorHistory(vendor?.id ?? null);
  const [blocked, setBlocked] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<FormValues, unknown, UpdateVendorBody>({ resolver });
  const { errors } = formState;

  useEffect(() => {
    if (!vendor) return;
    reset({ notes: vendor.notes ?? "", risk: vendor.risk, website: vendor.website ?? "", reason: "" });
    setBlocked(vendor.status === "blocked");
    setFormError(null);
  }, [vendor, reset]);

  const onSubmit = handleSubmit((body) => {
    if (!vendor) return;
    setFormError(null);
    update.mutate(
      { id: vendor.id, body: { ...body, status: blocked ? "blocked" : "active" } },
      {
        onSuccess: (saved) => {
          toast.success("Vendor updated", { description: `${saved.name} · ${saved.status}` });
          onOpenChange(false);
        },
        onError: (error) => {
          const found = serverFieldError(error, fields);
          if (found.field) setError(found.field, { type: "server", message: found.message }, { shouldFocus: true });
          else setFormError(found.message);
          toast.error("Save failed", { description: found.message });
        },
      },
    );
  });

  const described = (name: string, error?: string) => ({ id: `vendor-${name}`, "aria-invalid": Boolean(error), "aria-describedby": error ? `vendor-${name}-error` : undefined });
  const fieldError = (name: string, error?: string) =>
    error ? (
      <span className="field-error" id={`vendor-${name}-error`}>
        {error}
      </span>
    ) : null;
  const statusChanged = vendor !== null && blocked !== (vendor.status === "blocked");

  return (
    <Drawer
      open={vendor !== null}
      onOpenChange={onOpenChange}
      title={vendor?.name ?? "Vendor"}
      description={vendor ? <StatusBadge status={vendor.status} /> : null}
      footer={
        canEdit ? (
          <div className="row vendor-drawer-actions">
            <button type="button" className="btn" onClick={() => onOpenChange(false)}>
              Cancel
            </button>
            <button type="submit" form="vendor-form" className="btn btn-primary" disabled={update.isPending}>
              {update.isPending ? "Saving…" : "Save"}
            </button>
          </div>
        ) : null
      }
    >
      {vendor ? (
        <form id="vendor-form" className="stack" onSubmit={onSubmit} noValidate>
          {formError ? (
            <Notice tone="error" role="alert">
              {formError}
            </Notice>
          ) : null}
          {canEdit ? (
            <div className="vendor-block">
              <button type="button" className={blocked ? "btn" : "btn btn-danger"} aria-pressed={blocked} onClick={() => setBlocked((b) => !b)}>
                {blocked ? "Unblock" : "Block"}
              </button>
              <span className="subtle" role="status">
                {statusChanged ? `Will be ${blocked ? "blocked" : "active"} after Save.` : blocked ? "Blocked: no new purchase orders." : "Active."}
              </span>
            </div>
          ) : null}
          {canEdit && statusChanged ? (
            <div className="field">
              <label className="field-label" htmlFor="vendor-reason">
                Reason <span className="subtle">(optional)</span>
              </label>
              <input className="input" {...described("reason", errors.reason?.message)} {...register("reason")} />
              {fieldError("reason", errors.reason?.message)}
            </div>
          ) : null}
          <div className="field">
            <label className="field-label" htmlFor="vendor-risk">
              Risk
            </label>
            <select className="input" disabled={!canEdit} {...described("risk", errors.risk?.message)} {...register("risk")}>
              {vendorRisks.map((risk) => (
                <option key={risk} value={risk}>
                  {risk}
                </option>
              ))}
            </select>
            {fieldError("risk", errors.risk?.message)}
          </div>
          <div className="field">
            <label className="field-label" htmlFor="vendor-website">
              Website <span className="subtle">(optional)</span>
            </label>
            <input className="input" type="url" readOnly={!canEdit} {...described("website", errors.website?.message)} {...register("website")} />
            {fieldError("website", errors.website?.message)}
          </div>
          <div className="field">
            <label className="field-label" htmlFor="vendor-notes">
              Notes <span className="subtle">(optional)</span>
            </label>
            <textarea className="input" rows={5} readOnly={!canEdit} {...described("notes", errors.notes?.message)} {...register("notes")} />
            {fieldError("notes", errors.notes?.message)}
          </div>
        </form>
      ) : null}
      {vendor ? (
        <section className="vendor-history" aria-label="History">
          <h3 className="card-title">History</h3>
          {history.isPending ? (
            <p className="subtle">Loading history…</p>
          ) : history.isError ? (
            <p className="subtle">The history could not be loaded.</p>
          ) : (
            <ol className="vendor-history-list">
              {history.data.map((entry) => (
                <li key={`${entry.recorded_at}-${entry.type}`}>
                  <span>{historyLine(entry)}</span>
                  <span className="subtle">
                    {[entry.actor_email ?? "system", formatRecency(entry.recorded_at)].filter(Boolean).join(" · ")}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}
    </Drawer>
  );
}
