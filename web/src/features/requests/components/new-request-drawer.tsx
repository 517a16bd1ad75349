import { useEffect, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Drawer } from "@/components/ui/drawer";
import { Notice } from "@/components/ui/notice";
import { useVendors } from "../api/get-vendors";
import { useCreateRequest } from "../api/create-request";
import { RequestFields, useRequestFormChange, emptyRequestForm, requestFormValid, requestFormValues, type RequestForm } from "./request-fields";

/** `prefill`: what the form opens with, such as a vendor's or a catalogue item's details. */
type Props = { open: boolean; onOpenChange: (open: boolean) => void; prefill: Partial<RequestForm>; onCreated: () => void };

type Form = RequestForm & { file: File | null };
const emptyForm = (prefill: Partial<RequestForm>): Form => ({ ...emptyRequestForm, ...prefill, file: null });

export function NewRequestDrawer({ open, onOpenChange, prefill, onCreated }: Props) {
  const [form, setForm] = useState<Form>(() => emptyForm(prefill));
  const [error, setError] = useState<string | null>(null);
  const [vendorDropped, setVendorDropped] = useState(false);
  const vendors = useVendors(open);
  const mutation = useCreateRequest();
  const prefillKey = JSON.stringify(prefill);

  useEffect(() => {
    if (open) {
      setForm(emptyForm(JSON.parse(prefillKey) as Partial<RequestForm>));
      setError(null);
      setVendorDropped(false);
    }
  }, [open, prefillKey]);

  const set = useRequestFormChange(form.catalogueItemId, setForm);
  const valid = requestFormValid(form);
  const prefilledVendor = vendors.data?.find((v) => v.id === prefill.vendorId);
  // The form offers active vendors only: a prefilled one that is not offered (a catalogue item's supplier blocked since)
  // is dropped with a word why, rather than shown as "No vendor" and refused on submit.
  const vendorUnavailable = open && vendors.isSuccess && form.vendorId !== "" && !vendors.data.some((v) => v.id === form.vendorId);
  useEffect(() => {
    if (!vendorUnavailable) return;
    setForm((f) => ({ ...f, vendorId: "" }));
    setVendorDropped(true);
  }, [vendorUnavailable]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || mutation.isPending) return;
    setError(null);
    mutation.mutate(
      { ...requestFormValues(form), file: form.file },
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
        {vendorDropped ? <Notice tone="warning">The suggested vendor is blocked, so none is chosen. Pick another vendor or leave it empty.</Notice> : null}
        <RequestFields form={form} set={set} open={open} />
        <label className="field">
          <span className="field-label">
            Attachment <span className="subtle">(optional, one file)</span>
          </span>
          <input className="input file-input" type="file" name="file" onChange={(e) => setForm((f) => ({ ...f, file: e.target.files?.[0] ?? null }))} />
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
