import { useEffect, useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { PurchaseRequest } from "@procure/contracts";
import { errorMessage } from "@/lib/api-client";
import { Drawer } from "@/components/ui/drawer";
import { Notice } from "@/components/ui/notice";
import { useChangeRequest } from "../api/change-request";
import { RequestFields, useRequestFormChange, emptyRequestForm, requestFormValid, requestFormValues, type RequestForm } from "./request-fields";

type Props = { request: PurchaseRequest; kind: "edit" | "resubmit"; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The form starts from the request as saved: its one line's quantity and unit price, or, for a request of several
 * lines, one unit of its amount (sent back as those lines while the amount stays).
 */
const formOf = (r: PurchaseRequest): RequestForm => {
  const line = r.lines.length === 1 ? r.lines[0] : undefined;
  return {
    ...emptyRequestForm,
    ...(line ? { quantity: String(line.quantity), unitPrice: String(line.unit_price), catalogueItemId: line.catalogue_item_id ?? "" } : {}),
    savedLines: r.lines,
    title: r.title,
    amount: String(r.amount),
    categoryId: r.category_id ?? "",
    vendorId: r.vendor_id ?? "",
    description: r.description ?? "",
    priority: r.priority,
    neededBy: r.needed_by ?? "",
  };
};

/** The requester's own request, changed while it waits or put back in the queue after a denial or withdrawal. */
export function RequestChangesDrawer({ request, kind, open, onOpenChange }: Props) {
  const [form, setForm] = useState<RequestForm>(() => formOf(request));
  const mutation = useChangeRequest();
  const { reset } = mutation;
  useEffect(() => {
    if (open) {
      setForm(formOf(request));
      reset();
    }
    // The form starts from the request as it was when the drawer opened, not as live updates move it meanwhile.
  }, [open, reset]);

  const set = useRequestFormChange(form.catalogueItemId, setForm);
  const valid = requestFormValid(form);
  const resubmit = kind === "resubmit";
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || mutation.isPending) return;
    mutation.mutate(
      { id: request.id, kind, changes: requestFormValues(form) },
      {
        onSuccess: () => {
          toast.success(resubmit ? "Request resubmitted" : "Request updated");
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={resubmit ? "Resubmit request" : "Edit request"}
      description={
        resubmit
          ? "Change what was asked if you need to; it goes through approval again from the first stage."
          : "Approvals start again from the first stage after a change."
      }
      footer={
        <>
          <button type="button" className="btn" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" form="request-changes-form" className="btn btn-primary" disabled={!valid || mutation.isPending}>
            {mutation.isPending ? "Saving…" : resubmit ? "Resubmit" : "Save changes"}
          </button>
        </>
      }
    >
      <form id="request-changes-form" className="stack" onSubmit={onSubmit}>
        <RequestFields form={form} set={set} open={open} />
        {mutation.isError ? (
          <Notice tone="error" role="alert">
            {errorMessage(mutation.error)}
          </Notice>
        ) : null}
      </form>
    </Drawer>
  );
}
