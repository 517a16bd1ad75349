import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  anyReceived,
  deleteOrderConfirmation,
  normalizeStatus,
  poChosenStatuses,
  poReceiptStatuses,
  purchaseOrder,
  vendorDocumentKindLabels,
  type PurchaseOrder,
  type SaveOrderBody,
  type VendorDiligence,
} from "@procure/contracts";
import { Link } from "react-router-dom";
import { Drawer } from "@/components/ui/drawer";
import { DrawerActions } from "@/components/ui/drawer-actions";
import { FormError } from "@/components/ui/form-error";
import { EditConflictNotice } from "@/components/ui/edit-conflict";
import { useEditConflict } from "@/lib/use-edit-conflict";
import { FormField, formFieldIds } from "@/components/ui/form-field";
import { formatCurrency } from "@/lib/format";
import { paths } from "@/config/paths";
import { serverFieldError } from "@/lib/server-field-error";
import { useApprovedRequests } from "../api/get-ready-requests";
import { useVendorOptions } from "@/lib/vendor-options";
import { useSaveOrder } from "../api/save-order";
import { useDeleteOrder } from "../api/delete-order";
import { useOrder } from "../api/get-order";
import { blankOrder, orderFields, orderResolver, orderToForm, serverHints, typedLinesTotal, type OrderField, type OrderFormValues } from "../lib/order-form";
import { OrderLinesEditor } from "./order-lines-editor";
import { statusLabels } from "../lib/order-filters";

/**
 * `fromRequest`: a new order raised from this approved request, filled in with its vendor and amount. `onPage`: the
 * drawer is open over the order's own page, so it does not point there.
 */
type Props = {
  order: PurchaseOrder | null;
  fromRequest?: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
  onPage?: boolean;
};

const FORM_ID = "purchase-order-form";

/** The form's fields as a conflict names them. */
const conflictLabels = {
  po_number: "PO number",
  status: "Status",
  vendor_id: "Vendor",
  vendor_name: "Vendor name",
  total: "Total",
  expected_date: "Expected date",
  request_id: "Request",
  lines: "Lines",
  notes: "Notes",
} as const;

/** Creates an order (order = null) or edits one; a save always sends every field. */
export function OrderDrawer({ order, fromRequest = null, open, onOpenChange, onDeleted, onPage = false }: Props) {
  const save = useSaveOrder();
  const remove = useDeleteOrder();
  const vendors = useVendorOptions(open);
  const requests = useApprovedRequests(open);
  const [formError, setFormError] = useState<string | null>(null);
  const edit = useEditConflict(open ? order : null, { schema: purchaseOrder, labels: conflictLabels, view: orderToForm });
  const { register, control, handleSubmit, reset, setError, setValue, getValues, watch, formState } = useForm<OrderFormValues, unknown, SaveOrderBody>({
    resolver: orderResolver,
    defaultValues: blankOrder,
  });
  const { errors, isSubmitted } = formState;
  const busy = save.isPending || remove.isPending;
  // The order as it stands while the drawer is open: a receipt moves its status and open quantities.
  const live = useOrder(open && order ? order.id : null);
  const current = live.data && order && live.data.id === order.id ? live.data : order;

  useEffect(() => {
    if (!open) return;
    reset(order ? orderToForm(order) : { ...blankOrder, request_id: fromRequest ?? "" });
    setFormError(null);
  }, [open, order, fromRequest, reset]);

  // The status a receipt set replaces the one the drawer opened with, so saving the form keeps it.
  const liveStatus = current?.status;
  useEffect(() => {
    if (open && liveStatus && order && liveStatus !== order.status) setValue("status", liveStatus);
  }, [open, liveStatus, order, setValue]);

  const vendorList = vendors.data ?? [];
  const chosenVendor = vendorList.find((v) => v.id === watch("vendor_id"));
  const readyRequests = (requests.data ?? []).filter((r) => r.po_number === null || r.id === order?.request_id);
  const linkedMissing = order?.request_id && !readyRequests.some((r) => r.id === order.request_id);
  const revalidate = { shouldValidate: isSubmitted, shouldDirty: true };

  /** An order for a request takes its amount and vendor, unless they were already filled in. */
  const fillFromRequest = (requestId: string) => {
    const request = readyRequests.find((r) => r.id === requestId);
    if (!request) return;
    if (!getValues("total").trim()) setValue("total", String(request.amount), revalidate);
    if (!getValues("vendor_id") && !getValues("vendor_name").trim()) {
      const vendor = vendorList.find((v) => v.id === request.vendor_id);
      if (vendor) setValue("vendor_id", vendor.id, revalidate);
      if (vendor || request.vendor_name) setValue("vendor_name", vendor?.name ?? request.vendor_name ?? "", revalidate);
    }
  };

  // A select shows a value only once it has that option: the linked vendor and request are applied again when the
  // options arrive, or the first open after a page load shows "Not in the list" and "No linked request".
  const optionsLoaded = vendors.isSuccess && requests.isSuccess;
  useEffect(() => {
    if (!open || !optionsLoaded) return;
    setValue("vendor_id", getValues("vendor_id"));
    setValue("request_id", getValues("request_id"));
    if (!order && fromRequest) fillFromRequest(fromRequest);
    // Once per opening with its options; the fill reads the current options through the closure.
  }, [open, optionsLoaded, order, fromRequest]);

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    save.mutate(
      { id: order?.id ?? null, body, version: edit.version },
      {
        onSuccess: (saved) => {
          toast.success(order ? "Purchase order updated" : "Purchase order created", { description: `${saved.po_number} · ${saved.vendor_name}` });
          onOpenChange(false);
        },
        onError: (error) => {
          if (edit.caught(error)) return;
          const found = serverFieldError<OrderField>(error, orderFields, serverHints);
          // A vendor refusal belongs to whichever vendor field was filled in.
          const field = found.field === "vendor_id" && !getValues("vendor_id") ? "vendor_name" : found.field;
          if (field) setError(field, { type: "server", message: found.message }, { shouldFocus: true });
          else setFormError(found.message);
          toast.error("Save failed", { description: found.message });
        },
      },
    );
  });

  const onDelete = () => {
    if (!order || !window.confirm(deleteOrderConfirmation)) return;
    setFormError(null);
    remove.mutate(order.id, {
      onSuccess: () => {
        toast.success("Purchase order deleted", { description: order.po_number });
        onDeleted();
      },
      onError: (error) => {
        const { message } = serverFieldError(error, [], {}, "The order could not be deleted.");
        setFormError(message);
        toast.error("Delete failed", { description: message });
      },
    });
  };

  const vendorField = register("vendor_id", {
    onChange: (event: { target: { value: string } }) => {
      const vendor = vendorList.find((v) => v.id === event.target.value);
      if (vendor) setValue("vendor_name", vendor.name, revalidate);
    },
  });
  const vendorNameField = register("vendor_name", {
    onChange: (event: { target: { value: string } }) => {
      // Typing another name means another supplier, not the one picked above.
      if (chosenVendor && event.target.value.trim() !== chosenVendor.name) setValue("vendor_id", "", revalidate);
    },
  });
  const requestField = register("request_id", { onChange: (event: { target: { value: string } }) => fillFromRequest(event.target.value) });

  const errorOf = (name: OrderField) => errors[name]?.message;
  const { idOf, aria } = formFieldIds<OrderField>("po", errorOf);
  const blockedChosen = chosenVendor && normalizeStatus(chosenVendor.status) === "blocked";
  const lines = watch("lines");
  const received = current ? anyReceived(current.lines) : false;
  // Once goods are received the status follows them: only cancelling is left to pick by hand.
  const statusLocked = (status: string) => received && status !== current?.status && status !== "cancelled";
  // Receipts set receiving and received: shown, never picked; the form keeps the status unless the order is cancelled.
  const setByReceipts = current !== null && poReceiptStatuses.includes(current.status) ? current.status : null;
  const diligenceGap = chosenVendor ? diligenceWarning(chosenVendor.diligence) : null;
  const vendorHint = blockedChosen ? "This vendor is blocked: new orders for it are refused." : (diligenceGap ?? "Choosing a vendor fills in its name.");

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={order ? `Edit ${order.po_number}` : "New purchase order"}
      description={order ? `${order.vendor_name} · ${formatCurrency(order.total)}` : "Leave the PO number blank to get the next one in sequence."}
      footer={
        <DrawerActions
          formId={FORM_ID}
          submitLabel={order ? "Save changes" : "Create PO"}
          onCancel={() => onOpenChange(false)}
          saving={save.isPending}
          disabled={busy}
          onDelete={order ? onDelete : undefined}
          deleting={remove.isPending}
        />
      }
    >
      <form id={FORM_ID} className="form-grid" onSubmit={onSubmit} noValidate>
        <FormField id={idOf("po_number")} label="PO number" qualifier="optional" error={errorOf("po_number")}>
          <input className="input mono" autoComplete="off" placeholder="Generated" autoFocus {...aria("po_number")} {...register("po_number")} />
        </FormField>
        {setByReceipts ? (
          <FormField id={idOf("status")} label="Status" hint="Set by the goods received: receive goods on the order's page." error={errorOf("status")}>
            <span className="po-status-fixed">
              <output id={idOf("status")} className="input po-total-output" aria-describedby={`${idOf("status")}-hint`}>
                {statusLabels[setByReceipts]}
              </output>
              <label className="po-check">
                <input
                  type="checkbox"
                  checked={watch("status") === "cancelled"}
                  onChange={(event) => setValue("status", event.target.checked ? "cancelled" : setByReceipts, revalidate)}
                />
                <span>Cancel this order</span>
              </label>
            </span>
          </FormField>
        ) : (
          <FormField id={idOf("status")} label="Status" error={errorOf("status")}>
            <select className="select" {...aria("status")} {...register("status")}>
              {poChosenStatuses.map((status) => (
                <option key={status} value={status} disabled={statusLocked(status)}>
                  {statusLabels[status]}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <FormField id={idOf("vendor_id")} label="Vendor" hint={vendorHint} error={errorOf("vendor_id")}>
          <select className="select" {...aria("vendor_id", true)} {...vendorField}>
            <option value="">{vendors.isPending ? "Loading vendors…" : "Not in the list"}</option>
            {vendorList.map((v) => (
              <option key={v.id} value={v.id}>
                {normalizeStatus(v.status) === "blocked" ? `${v.name} (blocked)` : v.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={idOf("vendor_name")} label="Vendor name" error={errorOf("vendor_name")}>
          <input className="input" autoComplete="off" {...aria("vendor_name")} {...vendorNameField} />
        </FormField>
        {lines.length > 0 ? (
          <FormField id={idOf("total")} label="Total (USD)" hint="The sum of the lines.">
            <output id={idOf("total")} className="input po-total-output" aria-describedby={`${idOf("total")}-hint`}>
              {formatCurrency(typedLinesTotal(lines))}
            </output>
          </FormField>
        ) : (
          <FormField id={idOf("total")} label="Total (USD)" error={errorOf("total")}>
            <input className="input" type="number" inputMode="decimal" required min={0} step={0.01} {...aria("total")} {...register("total")} />
          </FormField>
        )}
        <FormField id={idOf("expected_date")} label="Expected date" qualifier="optional" error={errorOf("expected_date")}>
          <input className="input" type="date" {...aria("expected_date")} {...register("expected_date")} />
        </FormField>
        <FormField
          id={idOf("request_id")}
          label="Request"
          qualifier="optional"
          className="span-2"
          hint="Approved requests that have no purchase order yet."
          error={errorOf("request_id")}
        >
          <select className="select" {...aria("request_id", true)} {...requestField}>
            <option value="">{requests.isPending ? "Loading requests…" : "No linked request"}</option>
            {linkedMissing ? <option value={order.request_id ?? ""}>The request linked now</option> : null}
            {readyRequests.map((r) => (
              <option key={r.id} value={r.id}>
                {`${r.title} · ${formatCurrency(r.amount)}`}
              </option>
            ))}
          </select>
        </FormField>
        <OrderLinesEditor control={control} register={register} errors={errors} order={current} typedTotal={watch("total")} lines={lines} />
        <FormField id={idOf("notes")} label="Notes" qualifier="optional" className="span-2" error={errorOf("notes")}>
          <textarea className="textarea" rows={3} {...aria("notes")} {...register("notes")} />
        </FormField>
        <FormError message={formError} />
        <EditConflictNotice
          conflict={edit.conflict}
          what="order"
          onReload={() => {
            const current = edit.reload();
            if (current) reset(orderToForm(current));
          }}
        />
        {current && !onPage ? (
          <p className="span-2 field-hint">
            <Link to={paths.app.purchaseOrder.getHref(current.id)}>{`Open ${current.po_number}`}</Link>
            {" to receive goods and see its receipts, invoices and history."}
          </p>
        ) : null}
      </form>
    </Drawer>
  );
}

/** Ordering from a vendor without its required documents is allowed unless the workspace says otherwise, but never unannounced. */
function diligenceWarning(diligence: VendorDiligence): string | null {
  if (diligence.status !== "missing" && diligence.status !== "expired") return null;
  const kinds = [...diligence.missing, ...diligence.expired].map((kind) => vendorDocumentKindLabels[kind]).join(", ");
  return `Diligence ${diligence.status}: ${kinds}. Check with the vendor before ordering.`;
}
