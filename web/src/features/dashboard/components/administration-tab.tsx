import { Link } from "react-router-dom";
import { canSee, type Dashboard, type Role, type Section } from "@procure/contracts";
import { paths } from "@/config/paths";

const badgeTone: Record<string, string> = {
  connected: "badge-success",
  enabled: "badge-success",
  ready: "badge-info",
  scheduled: "badge-primary",
  planned: "",
  "action-required": "badge-danger",
};

const governance: { label: string; body: string; href: string; section: Section }[] = [
  { label: "Approval routing", body: "Rules, thresholds and approval stages.", href: paths.app.settings.getHref(), section: "settings" },
  { label: "Catalogue governance", body: "Draft, review and publish catalogue changes.", href: paths.app.catalog.getHref(), section: "catalogue" },
  { label: "Supplier relationships", body: "Vendor status, risk and diligence notes.", href: paths.app.vendors.getHref(), section: "vendors" },
  { label: "Policies & access", body: "Members, roles and workspace access.", href: paths.app.settings.getHref(), section: "settings" },
];

export function AdministrationTab({ data, loading, role }: { data: Dashboard; loading: boolean; role: Role }) {
  return (
    <div className="dashboard-grid">
      <section className="card" aria-labelledby="integrations-title">
        <header className="card-header">
          <h2 id="integrations-title" className="card-title">
            Integration &amp; automation
          </h2>
        </header>
        {loading ? (
          <p className="card-body muted">Loading procurement activity…</p>
        ) : data.integrations.length === 0 ? (
          <p className="card-body muted">No integrations are configured yet.</p>
        ) : (
          <ul className="integration-list">
            {data.integrations.map((integration) => (
              <li key={integration.id}>
                <div className="dashboard-request-text">
                  <span className="dashboard-request-title">{integration.name}</span>
                  <span className="subtle">{integration.detail}</span>
                </div>
                <span className={`badge ${badgeTone[integration.status] ?? ""}`}>{integration.status}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="governance-title">
        <header className="card-header">
          <h2 id="governance-title" className="card-title">
            Workspace governance
          </h2>
        </header>
        <ul className="quick-action-list">
          {governance.map((item) => (
            <li key={item.label}>
              {canSee(role, item.section) ? (
                <Link to={item.href} className="quick-action">
                  <span className="quick-action-label">{item.label}</span>
                  <span className="subtle">{item.body}</span>
                </Link>
              ) : (
                <span className="quick-action is-disabled" aria-disabled="true">
                  <span className="quick-action-label">{item.label}</span>
                  <span className="subtle">Managed by workspace admins.</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
