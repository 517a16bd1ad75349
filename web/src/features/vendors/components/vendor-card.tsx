import { Link } from "react-router-dom";
import type { Vendor } from "@procure/contracts";
import { paths } from "@/config/paths";
import { notesPreview } from "../lib/notes-preview";
import { websiteLink } from "../lib/website";
import { DiligenceBadge, VendorRiskBadge, VendorStatusBadge } from "./vendor-badges";

/** `canRequest`: the viewer may raise requests; a blocked vendor offers none, since one would be refused. */
type Props = { vendor: Vendor; canRequest: boolean; onOpen: (vendor: Vendor) => void };

export const createRequestHref = (vendorId: string) => `${paths.app.requests.getHref()}?${new URLSearchParams({ vendor: vendorId })}`;

export function VendorCard({ vendor, canRequest, onOpen }: Props) {
  const notes = notesPreview(vendor.notes);
  const site = websiteLink(vendor.website);
  const nameId = `vendor-${vendor.id}-name`;
  return (
    <article className="card vendor-card" data-vendor-id={vendor.id} aria-labelledby={nameId}>
      <header className="vendor-card-head">
        <h3 className="vendor-name" id={nameId}>
          {vendor.name}
        </h3>
        <VendorStatusBadge status={vendor.status} />
      </header>
      <div className="vendor-meta">
        <VendorRiskBadge risk={vendor.risk} />
        <DiligenceBadge diligence={vendor.diligence} />
        {site ? (
          <a className="vendor-website" href={site.href} target="_blank" rel="noreferrer noopener">
            {site.label}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : vendor.website ? (
          <span className="vendor-website subtle">{vendor.website}</span>
        ) : null}
      </div>
      <p className="vendor-notes">{notes || <span className="subtle">No notes yet.</span>}</p>
      <div className="vendor-card-actions">
        <button type="button" className="btn btn-sm" onClick={() => onOpen(vendor)} aria-label={`Open ${vendor.name}`}>
          Open
        </button>
        {canRequest && vendor.status !== "blocked" ? (
          <Link className="btn btn-sm btn-primary" to={createRequestHref(vendor.id)} aria-label={`Create request for ${vendor.name}`}>
            Create request
          </Link>
        ) : null}
      </div>
    </article>
  );
}
