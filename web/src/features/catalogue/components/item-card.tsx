import { Link } from "react-router-dom";
import type { OverviewItem } from "@procure/contracts";
import { paths } from "@/config/paths";
import { formatPrice } from "../lib/items";

type Props = { item: OverviewItem; favourite: boolean; comparing: boolean; onFavourite: () => void; onCompare: () => void };

export function ItemCard({ item, favourite, comparing, onFavourite, onCompare }: Props) {
  const tier = item.pricingTiers[0];
  return (
    <li className="cat-item" data-testid="catalogue-item">
      <div className="cat-item-head">
        <h3 className="cat-item-name">{item.name}</h3>
        <button
          type="button"
          className="icon-btn cat-fav"
          aria-pressed={favourite}
          aria-label={`Favourite ${item.name}`}
          title={favourite ? "Remove from favourites" : "Add to favourites"}
          onClick={onFavourite}
        >
          <span aria-hidden="true">{favourite ? "★" : "☆"}</span>
        </button>
      </div>
      <p className="cat-node-meta">{`${item.sku} · ${item.categoryName ?? "Uncategorised"}`}</p>
      <p className="cat-price">
        {formatPrice(item.basePrice, item.currency)}
        <span className="cat-note">{` per ${item.unitOfMeasure}`}</span>
      </p>
      {tier ? <p className="cat-note">{`${formatPrice(tier.unitPrice, item.currency)} from ${tier.minQuantity}`}</p> : null}
      <p className="cat-note">{item.preferredSupplier ?? "No preferred supplier"}</p>
      <Link
        className="btn btn-sm btn-primary"
        to={paths.app.requests.getHref({
          title: item.name,
          category: item.categoryId,
          vendor: item.vendorId ?? undefined,
          price: String(item.basePrice),
          qty: "1",
          item: item.id,
        })}
        aria-label={`Request this item: ${item.name}`}
      >
        Request this item
      </Link>
      <button type="button" className="btn btn-sm cat-compare-btn" aria-pressed={comparing} aria-label={`Compare ${item.name}`} onClick={onCompare}>
        <span aria-hidden="true">{comparing ? "✓" : "+"}</span>
        Compare
      </button>
    </li>
  );
}
