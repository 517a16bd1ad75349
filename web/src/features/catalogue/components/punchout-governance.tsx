import { useId } from "react";
import { Link } from "react-router-dom";
import { canSee, type OverviewPunchout, type Role } from "@procure/contracts";
import { EmptyState } from "@/components/ui/empty-state";
import { paths } from "@/config/paths";
import { formatRecency } from "@/lib/format";
import { formatRate, rateAsPercent } from "../lib/rate";

const statusTone: Record<OverviewPunchout["status"], string> = {
  connected: "badge-success",
  testing: "badge-info",
  "action-required": "badge-warning",
  disabled: "",
};

const words = (value: string) => value.replace(/-/g, " ");

export function PunchoutGovernance({ connections, role }: { connections: readonly OverviewPunchout[]; role: Role }) {
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card-header">
        <div>
          <h2 className="card-title" id={titleId}>
            PunchOut governance
          </h2>
          <p className="cat-note">Session health, single sign-on and cart success per supplier.</p>
        </div>
        {canSee(role, "integrations") ? (
          <Link className="btn btn-sm" to={paths.app.integrations.getHref("punchout")}>
            Open PunchOut hub
          </Link>
        ) : null}
      </div>
      {connections.length === 0 ? (
        <EmptyState title="No PunchOut connections yet." />
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="PunchOut connections">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Supplier</th>
                <th scope="col">Scope</th>
                <th scope="col">Status</th>
                <th scope="col">SSO</th>
                <th scope="col" className="num">
                  Cart success
                </th>
                <th scope="col">Last transaction</th>
              </tr>
            </thead>
            <tbody>
              {connections.map((c) => {
                const rate = rateAsPercent(c.cartSuccessRate);
                return (
                  <tr key={c.id}>
                    <td>
                      <strong>{c.supplier}</strong>
                      <div className="cat-note">{c.categoryName ?? "Uncategorised"}</div>
                    </td>
                    <td>
                      {c.coverageScope}
                      {c.notes ? <div className="cat-note">{c.notes}</div> : null}
                    </td>
                    <td>
                      <span className={`badge ${statusTone[c.status]}`}>{words(c.status)}</span>
                    </td>
                    <td>{words(c.ssoStatus)}</td>
                    <td className={rate !== null && rate < 90 ? "num cat-warn" : "num"}>{formatRate(c.cartSuccessRate)}</td>
                    <td>{formatRecency(c.lastTransactionAt)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
