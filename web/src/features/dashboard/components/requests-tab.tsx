import { Link } from "react-router-dom";
import { canSee, type Dashboard, type Role } from "@procure/contracts";
import { paths } from "@/config/paths";
import { formatCurrency, formatRecency } from "@/lib/format";
import { requestHref } from "@/lib/request-href";
import { StatusBadge } from "@/components/ui/status-badge";
import { CountUp } from "@/components/ui/count-up";
import { PipelineBar } from "./pipeline-bar";

type Props = { data: Dashboard; loading: boolean; role: Role };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function RequestsTab({ data, loading, role }: Props) {
  const { pipeline, requests, catalogueCoverage } = data;
  const ready = requests.mode === "ready";
  const stages = [
    { label: "Submitted", value: pipeline.submitted },
    { label: "Approved", value: pipeline.approved },
    { label: "Pending", value: pipeline.pending },
  ];

  return (
    <div className="dashboard-grid">
      <section className="card" aria-labelledby="pipeline-title">
        <header className="card-header">
          <h2 id="pipeline-title" className="card-title">
            Request pipeline
          </h2>
        </header>
        <div className="card-body stack" style={{ gap: 14 }}>
          {loading ? (
            <p className="muted">Loading procurement activity…</p>
          ) : (
            <>
              <div className="glance-grid">
                {stages.map((stage) => (
                  <div key={stage.label} className="glance-cell">
                    <span className="glance-value">
                      <CountUp value={stage.value.count} />
                    </span>
                    <span className="subtle">{stage.label}</span>
                    <span className="glance-amount">{formatCurrency(stage.value.amount)}</span>
                  </div>
                ))}
              </div>
              <PipelineBar pipeline={pipeline} />
              <p className="muted" data-figure="approval-rate">
                {pipeline.approvalRate === null
                  ? "No request has been decided yet."
                  : `${pipeline.approvalRate}% approval rate: approved out of decided requests.`}
              </p>
              <p className="muted">
                {pipeline.denied.count > 0
                  ? `${plural(pipeline.denied.count, "request was", "requests were")} denied (${formatCurrency(pipeline.denied.amount)}).`
                  : "No requests have been denied."}
              </p>
              <p className="muted">
                {pipeline.readyForPo.count > 0
                  ? `${plural(pipeline.readyForPo.count, "approved request is", "approved requests are")} ready for a purchase order (${formatCurrency(pipeline.readyForPo.amount)}).`
                  : "No approved requests are waiting for a purchase order."}
              </p>
            </>
          )}
        </div>
      </section>

      <section className="card" aria-labelledby="dashboard-requests-title">
        <header className="card-header">
          <h2 id="dashboard-requests-title" className="card-title">
            {ready ? "Requests ready for purchase orders" : "Recent requests"}
          </h2>
          {ready && canSee(role, "purchase-orders") ? (
            <Link to={paths.app.purchaseOrders.getHref()} className="btn btn-sm btn-primary">
              Start PO draft
            </Link>
          ) : null}
        </header>
        {loading ? (
          <p className="card-body muted">Loading procurement activity…</p>
        ) : requests.items.length === 0 ? (
          <p className="card-body muted">{ready ? "Approved requests appear here once they are approved." : "Requests appear here once they are submitted."}</p>
        ) : (
          <ul className="dashboard-request-list">
            {requests.items.map((item) => (
              <li key={item.id}>
                <div className="dashboard-request-text">
                  <RequestTitle href={requestHref(role, item.id)} title={item.title} />
                  <span className="subtle">{[item.category_name ?? "Uncategorised", formatRecency(item.updated_at || item.created_at)].join(" · ")}</span>
                </div>
                <div className="dashboard-request-meta">
                  <span className="dashboard-request-amount">{formatCurrency(item.amount)}</span>
                  <StatusBadge status={item.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card dashboard-span" aria-labelledby="coverage-title">
        <header className="card-header">
          <h2 id="coverage-title" className="card-title">
            Catalogue coverage
          </h2>
          {!loading ? <span className="subtle">{formatCurrency(catalogueCoverage.totalRequested)} requested</span> : null}
        </header>
        <div className="card-body">
          {loading ? (
            <p className="muted">Loading catalogue insight…</p>
          ) : catalogueCoverage.categories.length === 0 ? (
            <p className="muted">Category coverage appears once requests are submitted and approved.</p>
          ) : (
            <ul className="coverage-list">
              {catalogueCoverage.categories.map((category) => (
                <li key={category.id ?? category.name}>
                  <div className="coverage-row">
                    <span className="coverage-name">{category.name}</span>
                    <span className="subtle">
                      {plural(category.count, "request", "requests")} · {formatCurrency(category.amount)}
                    </span>
                    <span className="coverage-percent">{category.percent}%</span>
                  </div>
                  <div className="progress" aria-hidden="true">
                    <span className="progress-bar" style={{ width: `${Math.min(100, Math.max(0, category.percent))}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </div>
  );
}

function RequestTitle({ href, title }: { href: string | null; title: string }) {
  return href ? (
    <Link to={href} className="dashboard-request-title">
      {title}
    </Link>
  ) : (
    <span className="dashboard-request-title">{title}</span>
  );
}
