import { Link } from "react-router-dom";
import type { OverviewItem } from "@procure/contracts";
import { paths } from "@/config/paths";
import { formatPrice } from "../lib/items";

export function FavouritesList({ items, onRemove }: { items: readonly OverviewItem[]; onRemove: (id: string) => void }) {
  return (
    <section className="cat-panel" aria-labelledby="favourites-title" data-testid="favourites">
      <div className="cat-panel-head">
        <h3 className="cat-subheading" id="favourites-title">
          {`Favourites (${items.length})`}
        </h3>
        {items.length ? (
          <Link className="btn btn-sm" to={paths.app.requests.getHref()}>
            Raise a request
          </Link>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="cat-note">Star items you order often; they stay here for you on this device.</p>
      ) : (
        <ul className="cat-favourites">
          {items.map((item) => (
            <li key={item.id}>
              <span className="cat-fav-name">{item.name}</span>
              <span className="cat-note">{formatPrice(item.basePrice, item.currency)}</span>
              <button type="button" className="btn btn-ghost btn-sm" aria-label={`Remove ${item.name} from favourites`} onClick={() => onRemove(item.id)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
