import { Notice } from "@/components/ui/notice";
import { punchoutLogRetentionNotice, punchoutSuppliers } from "../lib/sample-content";
import { IntegrationBadge } from "./integration-badge";
import { SampleTag } from "./sample-tag";

export function PunchoutHub() {
  return (
    <section className="card int-section" id="punchout" aria-labelledby="punchout-title" tabIndex={-1}>
      <div className="card-header">
        <div className="int-heading">
          <h2 id="punchout-title" className="card-title">
            PunchOut hub
          </h2>
          <p className="subtle">Shop a supplier's own catalogue over cXML or OCI; the cart comes back as a request for approval.</p>
        </div>
        <SampleTag />
      </div>
      <div className="card-body stack">
        <ul className="int-grid" aria-label="PunchOut suppliers">
          {punchoutSuppliers.map((supplier) => (
            <li key={supplier.name} className="int-tile" data-testid="punchout-supplier">
              <div className="int-tile-top">
                <h3 className="int-tile-title">{supplier.name}</h3>
                <IntegrationBadge status={supplier.status} />
              </div>
              <p className="int-meta">
                <span className="int-protocol">{supplier.protocol}</span> {supplier.scope}
              </p>
              <p className="int-note">{supplier.note}</p>
            </li>
          ))}
        </ul>
        <Notice tone="info">{punchoutLogRetentionNotice}</Notice>
      </div>
    </section>
  );
}
