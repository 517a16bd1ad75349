import { Link } from "react-router-dom";
import { canSee, type Dashboard, type Role } from "@procure/contracts";
import { paths } from "@/config/paths";
import { formatCurrency } from "@/lib/format";
import { KpiCard } from "@/components/ui/kpi-card";
import { CountUp } from "@/components/ui/count-up";

const quickActions = [
  { label: "Raise a purchase order", body: "Turn approved demand into an order.", href: paths.app.purchaseOrders.getHref(), section: "purchase-orders" },
  { label: "Curate the catalogue", body: "Keep categories and items on contract.", href: paths.app.catalog.getHref(), section: "catalogue" },
  {
    label: "Launch PunchOut session",
    body: "Shop a supplier's catalogue in place.",
    href: paths.app.integrations.getHref("punchout"),
    section: "integrations",
  },
  {
    label: "Review integration feed",
    body: "ERP, AP sync and automation events.",
    href: paths.app.integrations.getHref("automation"),
    section: "integrations",
  },
] as const;

type Props = { data: Dashboard; loading: boolean; role: Role };

export function OverviewTab({ data, loading, role }: Props) {
  const po = data.purchaseOrders;
  const glance = [
    { label: "Open", value: po.open },
    { label: "Receiving", value: po.receiving },
    { label: "Closed", value: po.closed },
  ];
  return (
    <div className="stack" style={{ gap: 18 }}>
      <div className="kpi-grid">
        <KpiCard label="Open purchase orders" value={data.kpis.openPurchaseOrders} hint="Draft, pending, or issued" loading={loading} />
        <KpiCard label="Requests pending approval" value={data.kpis.requestsPendingApproval} loading={loading} />
        <KpiCard label="Active catalogue categories" value={data.kpis.activeCatalogueCategories} loading={loading} />
        <KpiCard label="Active suppliers" value={data.kpis.activeSuppliers} loading={loading} />
      </div>
      <div className="dashboard-grid">
        <section className="card" aria-labelledby="po-glance-title">
          <header className="card-header">
            <h2 id="po-glance-title" className="card-title">
              Purchase orders at a glance
            </h2>
          </header>
          <div className="card-body stack" style={{ gap: 16 }}>
            {loading ? (
              <p className="muted">Loading procurement activity…</p>
            ) : (
              <>
                <div className="glance-grid">
                  {glance.map((item) => (
                    <div key={item.label} className="glance-cell">
                      <span className="glance-value">
                        <CountUp value={item.value} />
                      </span>
                      <span className="subtle">{item.label}</span>
                    </div>
                  ))}
                </div>
                <dl className="definition-list">
                  <dt>Committed spend</dt>
                  <dd>{formatCurrency(po.committedSpend)}</dd>
                  <dt>Due in the next 7 days</dt>
                  <dd>{po.dueNext7Days}</dd>
                  <dt>Past-due receipts</dt>
                  <dd className={po.pastDue > 0 ? "text-danger" : undefined}>{po.pastDue}</dd>
                </dl>
              </>
            )}
          </div>
        </section>
        <section className="card" aria-labelledby="quick-actions-title">
          <header className="card-header">
            <h2 id="quick-actions-title" className="card-title">
              Procurement quick actions
            </h2>
          </header>
          <ul className="quick-action-list">
            {quickActions.map((action) => (
              <li key={action.label}>
                {canSee(role, action.section) ? (
                  <Link to={action.href} className="quick-action">
                    <span className="quick-action-label">{action.label}</span>
                    <span className="subtle">{action.body}</span>
                  </Link>
                ) : (
                  <span className="quick-action is-disabled" aria-disabled="true">
                    <span className="quick-action-label">{action.label}</span>
                    <span className="subtle">Not available for your role.</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
