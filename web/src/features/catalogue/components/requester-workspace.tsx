import { useId, useMemo, useState } from "react";
import type { OverviewItem } from "@procure/contracts";
import { EmptyState } from "@/components/ui/empty-state";
import { resolveItems, shoppableItems, WORKSPACE_ITEM_LIMIT } from "../lib/items";
import { useShelf } from "../lib/use-shelf";
import { ItemCard } from "./item-card";
import { CompareTray } from "./compare-tray";
import { FavouritesList } from "./favourites-list";

type Props = { items: readonly OverviewItem[]; userId: string | null };

export function RequesterWorkspace({ items, userId }: Props) {
  const titleId = useId();
  const [query, setQuery] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const { shelf, favourite, compare, uncompare, clearCompare } = useShelf(userId);
  const matching = useMemo(() => shoppableItems(items, query), [items, query]);
  const shown = matching.slice(0, WORKSPACE_ITEM_LIMIT);
  const compared = resolveItems(shelf.compare, items);
  const favourites = resolveItems(shelf.favourites, items);
  const nameOf = (id: string) => items.find((i) => i.id === id)?.name ?? "An item";

  const onCompare = (item: OverviewItem) => {
    const wasIn = shelf.compare.includes(item.id);
    const dropped = compare(item.id);
    setAnnouncement(
      wasIn
        ? `${item.name} removed from the comparison.`
        : dropped
          ? `${item.name} added; ${nameOf(dropped)} left the comparison to make room.`
          : `${item.name} added to the comparison.`,
    );
  };
  const onFavourite = (item: OverviewItem) => {
    setAnnouncement(shelf.favourites.includes(item.id) ? `${item.name} removed from favourites.` : `${item.name} added to favourites.`);
    favourite(item.id);
  };

  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card-header">
        <div>
          <h2 className="card-title" id={titleId}>
            Requester workspace
          </h2>
          <p className="cat-note">Published items on contract. Favourites and comparisons stay with your account on this device.</p>
        </div>
        <label className="search-input">
          <span className="visually-hidden">Search catalogue items</span>
          <input className="input" type="search" placeholder="Search items, SKUs, suppliers" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
      </div>
      <div className="card-body cat-workspace">
        <div className="cat-workspace-main">
          <p className="cat-note" aria-live="polite">
            {matching.length > shown.length ? `Showing ${shown.length} of ${matching.length} matching items` : `${matching.length} matching items`}
          </p>
          {shown.length === 0 ? (
            <EmptyState title="No published items match your search." />
          ) : (
            <ul className="cat-items">
              {shown.map((item) => (
                <ItemCard
                  key={item.id}
                  item={item}
                  favourite={shelf.favourites.includes(item.id)}
                  comparing={shelf.compare.includes(item.id)}
                  onFavourite={() => onFavourite(item)}
                  onCompare={() => onCompare(item)}
                />
              ))}
            </ul>
          )}
        </div>
        <div className="cat-workspace-side">
          <CompareTray items={compared} onRemove={uncompare} onClear={clearCompare} />
          <FavouritesList items={favourites} onRemove={(id) => favourite(id)} />
        </div>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </div>
    </section>
  );
}
