import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import type { PurchaseOrder, SaveOrderBody } from "@procure/contracts";
import { fieldAria } from "@/components/ui/form-field";
import { formatCurrency } from "@/lib/format";
import { blankLine, lineToForm, typedLinesTotal, type OrderFormValues } from "../lib/order-form";

type Props = {
  control: Control<OrderFormValues, unknown, SaveOrderBody>;
  register: UseFormRegister<OrderFormValues>;
  errors: FieldErrors<OrderFormValues>;
  /** The order as saved, for what was received of each line; null for a new order. */
  order: PurchaseOrder | null;
  /** The total typed so far, for the first line of an order that had only a total. */
  typedTotal: string;
  lines: OrderFormValues["lines"];
};

/**
 * The order's lines: description, quantity and unit price each, and their sum as the total. An order without lines is
 * its total alone; adding a line to it keeps that total as its first line, so nothing already received is dropped.
 */
export function OrderLinesEditor({ control, register, errors, order, typedTotal, lines }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: "lines" });
  const received = new Map(order?.lines.map((line) => [line.id, line.received_quantity]) ?? []);
  // What the lines break together (their total past the amount rule) rather than any one of them.
  const linesError = errors.lines?.message ?? errors.lines?.root?.message;

  // The first line of a saved order that was its total alone is that total, kept with its id and receipts; a new
  // order's first line starts at the total typed so far.
  const addLine = () => {
    const kept = fields.length === 0 ? order?.lines[0] : undefined;
    if (kept) append({ ...lineToForm(kept), unit_price: typedTotal || String(kept.unit_price) });
    append(fields.length === 0 && !kept ? { ...blankLine, unit_price: typedTotal } : blankLine, { shouldFocus: true });
  };

  return (
    <fieldset className="po-lines span-2">
      <legend className="field-label">Lines</legend>
      {fields.length === 0 ? <p className="field-hint">No lines: the order is its total. Add lines to order items by quantity and unit price.</p> : null}
      <ol className="po-lines-list">
        {fields.map((field, index) => {
          const lineErrors = errors.lines?.[index];
          const id = (name: string) => `po-line-${index}-${name}`;
          const got = received.get(lines[index]?.id ?? "") ?? 0;
          return (
            <li key={field.id} className="po-line">
              <fieldset className="po-line-fields">
                <legend className="visually-hidden">{`Line ${index + 1}`}</legend>
                <div className="field po-line-description">
                  <label className="field-label" htmlFor={id("description")}>
                    Description
                  </label>
                  <input
                    className="input"
                    autoComplete="off"
                    {...fieldAria(id("description"), { error: lineErrors?.description?.message })}
                    {...register(`lines.${index}.description`)}
                  />
                  {lineErrors?.description ? (
                    <span className="field-error" id={`${id("description")}-error`}>
                      {lineErrors.description.message}
                    </span>
                  ) : null}
                </div>
                <div className="field">
                  <label className="field-label" htmlFor={id("quantity")}>
                    Quantity
                  </label>
                  <input
                    className="input"
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="any"
                    {...fieldAria(id("quantity"), { error: lineErrors?.quantity?.message, hint: got > 0 })}
                    {...register(`lines.${index}.quantity`)}
                  />
                  {got > 0 ? (
                    <span className="field-hint" id={`${id("quantity")}-hint`}>
                      {`${got} received`}
                    </span>
                  ) : null}
                  {lineErrors?.quantity ? (
                    <span className="field-error" id={`${id("quantity")}-error`}>
                      {lineErrors.quantity.message}
                    </span>
                  ) : null}
                </div>
                <div className="field">
                  <label className="field-label" htmlFor={id("unit_price")}>
                    Unit price (USD)
                  </label>
                  <input
                    className="input"
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.01}
                    {...fieldAria(id("unit_price"), { error: lineErrors?.unit_price?.message })}
                    {...register(`lines.${index}.unit_price`)}
                  />
                  {lineErrors?.unit_price ? (
                    <span className="field-error" id={`${id("unit_price")}-error`}>
                      {lineErrors.unit_price.message}
                    </span>
                  ) : null}
                </div>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm po-line-remove"
                  onClick={() => remove(index)}
                  disabled={got > 0}
                  title={got > 0 ? "Goods were received on this line" : undefined}
                >
                  {`Remove line ${index + 1}`}
                </button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="po-lines-footer">
        <button type="button" className="btn btn-sm" onClick={addLine}>
          Add line
        </button>
        {fields.length > 0 ? <span className="po-lines-total">{`Total ${formatCurrency(typedLinesTotal(lines))}`}</span> : null}
      </div>
      {linesError ? (
        <span className="field-error" role="alert">
          {linesError}
        </span>
      ) : null}
    </fieldset>
  );
}
