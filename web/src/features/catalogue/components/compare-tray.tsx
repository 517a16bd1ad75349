import type { OverviewItem } from "@procure/contracts";
import { COMPARE_LIMIT } from "../lib/compare-tray";
import { formatPrice } from "../lib/items";

type Props = { items: readonly OverviewItem[]; onRemove: (id: string) => void; onClear: () => void };

const rows: { label: string; value: (item: OverviewItem) => string }[] = [
  { label: "Price", value: (i) => `${formatPrice(i.basePrice, i.currency)} / ${i.unitOfMeasure}` },
  {
    label: "Volume price",
    value: (i) => (i.pricingTiers[0] ? `${formatPrice(i.pricingTiers[0].unitPrice, i.currency)} from ${i.pricingTiers[0].minQuantity}` : "—"),
  },
  { label: "Supplier", value: (i) => i.preferredSupplier ?? "—" },
  { label: "Category", value: (i) => i.categoryName ?? "Uncategorised" },
  { label: "SKU", value: (i) => i.sku },
  { label: "Contract", value: (i) => i.contractNumber ?? "—" },
];

export function CompareTray({ items, onRemove, onClear }: Props) {
  return (
    <section className="cat-panel" aria-labelledby="compare-tray-title" data-testid="compare-tray">
      <div className="cat-panel-head">
        <h3 className="cat-subheading" id="compare-tray-title">
          {`Comparison tray (${items.length} of ${COMPARE_LIMIT})`}
        </h3>
        {items.length ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClear}>
            Clear
          </button>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="cat-note">{`Add up to ${COMPARE_LIMIT} items to compare them side by side. A fourth replaces the oldest.`}</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Compared items">
          <table className="table cat-compare-table">
            <thead>
              <tr>
                <td>
                  <span className="visually-hidden">Detail</span>
                </td>
                {items.map((item) => (
                  <th key={item.id} scope="col" data-testid="compare-column">
                    <span className="cat-compare-name">{item.name}</span>
                    <button type="button" className="btn btn-ghost btn-sm" aria-label={`Remove ${item.name} from comparison`} onClick={() => onRemove(item.id)}>
                      Remove
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  {items.map((item) => (
                    <td key={item.id}>{row.value(item)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
