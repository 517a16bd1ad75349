import { Link } from "react-router-dom";
import type { Vendor } from "@procure/contracts";
import { paths } from "@/config/paths";
import { StatusBadge } from "@/components/ui/status-badge";
import { notesPreview } from "../lib/notes-preview";

type Props = { vendor: Vendor; canRequest: boolean; onOpen: (vendor: Vendor) => void };

export function VendorCard({ vendor, canRequest, onOpen }: Props) {
  const notes = notesPreview(vendor.notes);
  return (
    <article className="card vendor-card" data-vendor-id={vendor.id} aria-labelledby={`vendor-${vendor.id}-name`}>
      <header className="vendor-card-head">
        <h3 className="vendor-name" id={`vendor-${vendor.id}-name`}>
          {vendor.name}
        </h3>
        <StatusBadge status={vendor.status} />
      </header>
      <p className="vendor-meta subtle">
        <span className={`vendor-risk vendor-risk-${vendor.risk}`}>{`${vendor.risk} risk`}</span>
        {vendor.website ? <span>{vendor.website}</span> : null}
      </p>
      <p className="vendor-notes">{notes || <span className="subtle">No notes yet.</span>}</p>
      <div className="row vendor-card-actions">
        <button type="button" className="btn btn-sm" onClick={() => onOpen(vendor)} aria-label={`Open ${vendor.name}`}>
          Open
        </button>
        {canRequest ? (
          <Link className="btn btn-sm btn-primary" to={`${paths.app.requests.getHref()}?vendor=${encodeURIComponent(vendor.id)}`} aria-label={`Create request for ${vendor.name}`}>
            Create request
          </Link>
        ) : null}
      </div>
    </article>
  );
}
