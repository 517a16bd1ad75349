import { useId, useState } from "react";
import { toast } from "sonner";
import type { OverviewCategory, OverviewItem } from "@procure/contracts";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/lib/api-client";
import { useUpdateCatalogueItem } from "../api/update-catalogue-item";
import { countByStage, lifecycleMoves, lifecycleStages, type ItemStatus } from "../lib/lifecycle";
import { formatPrice } from "../lib/items";
import { ItemDrawer } from "./item-drawer";

type Filter = "all" | ItemStatus;
type Props = { items: readonly OverviewItem[]; categories: readonly OverviewCategory[]; canCurate: boolean };

const statusTone: Record<ItemStatus, string> = { draft: "", review: "badge-warning", published: "badge-success", retired: "badge-danger" };

export function ItemLifecycle({ items, categories, canCurate }: Props) {
  const titleId = useId();
  const counts = countByStage(items);
  const [filter, setFilter] = useState<Filter>("all");
  const [drawerOpen, setDrawerOpen] = useState(false);
  const visible = filter === "all" ? items : items.filter((i) => i.status === filter);

  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card-header">
        <div>
          <h2 className="card-title" id={titleId}>
            Catalogue lifecycle
          </h2>
          <p className="cat-note">Every item moves from draft to review to publish; requesters only see published items.</p>
        </div>
        {canCurate ? (
          <button type="button" className="btn btn-primary" onClick={() => setDrawerOpen(true)}>
            New item
          </button>
        ) : null}
      </div>
      <div className="card-body stack" style={{ gap: 16 }}>
        <ol className="cat-stages" aria-label="Lifecycle stages">
          {lifecycleStages.map((stage) => (
            <li key={stage.status} className="cat-stage">
              <span className="cat-stage-count">{counts[stage.status]}</span>
              <span className="cat-stage-label">{stage.label}</span>
              <span className="cat-note">{stage.hint}</span>
            </li>
          ))}
        </ol>
        {canCurate ? (
          <>
            <div className="chips" role="group" aria-label="Filter items by stage">
              {(["all", ...lifecycleStages.map((s) => s.status)] as Filter[]).map((value) => (
                <button key={value} type="button" className="chip" aria-pressed={filter === value} onClick={() => setFilter(value)}>
                  {value === "all" ? "All" : lifecycleStages.find((s) => s.status === value)?.label}
                  <span className="chip-count">{value === "all" ? items.length : counts[value]}</span>
                </button>
              ))}
            </div>
            {visible.length === 0 ? (
              <EmptyState title="No items at this stage." />
            ) : (
              <div className="table-wrap" tabIndex={0} role="region" aria-label="Items by lifecycle stage">
                <table className="table" data-testid="lifecycle-table">
                  <thead>
                    <tr>
                      <th scope="col">Item</th>
                      <th scope="col">Category</th>
                      <th scope="col" className="num">
                        Price
                      </th>
                      <th scope="col">Stage</th>
                      <th scope="col" className="actions">
                        Actions
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {visible.map((item) => (
                      <LifecycleRow key={item.id} item={item} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        ) : null}
      </div>
      {canCurate ? <ItemDrawer open={drawerOpen} onOpenChange={setDrawerOpen} categories={categories} /> : null}
    </section>
  );
}

function LifecycleRow({ item }: { item: OverviewItem }) {
  const update = useUpdateCatalogueItem();
  const move = (to: ItemStatus, done: string) =>
    update.mutate(
      { id: item.id, patch: { status: to }, version: item.version },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => toast.error("Update failed", { description: errorMessage(error) }),
      },
    );
  return (
    <tr data-testid="lifecycle-row">
      <td>
        <strong>{item.name}</strong>
        <div className="cat-note mono">{item.sku}</div>
      </td>
      <td>{item.categoryName ?? "Uncategorised"}</td>
      <td className="num">{formatPrice(item.basePrice, item.currency)}</td>
      <td>
        <span className={`badge ${statusTone[item.status]}`}>{item.status}</span>
      </td>
      <td className="actions">
        <div className="row">
          {lifecycleMoves[item.status].map((m) => (
            <button
              key={m.to}
              type="button"
              className={m.primary ? "btn btn-sm btn-success" : "btn btn-sm"}
              disabled={update.isPending}
              aria-label={`${m.label}: ${item.name}`}
              onClick={() => move(m.to, m.done)}
            >
              {m.label}
            </button>
          ))}
        </div>
      </td>
    </tr>
  );
}
