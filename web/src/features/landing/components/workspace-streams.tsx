import { Link } from "react-router-dom";
import { paths } from "@/config/paths";

const streams = [
  {
    title: "Intake",
    body: "Requests arrive with amount, category, vendor and quotes attached, checked against the intake checklist.",
    href: paths.app.requests.getHref(),
    cta: "Open requests",
  },
  {
    title: "Approvals",
    body: "Rules route each request to the right approvers in order; every decision lands on the request timeline.",
    href: paths.app.approvals.getHref(),
    cta: "Review approvals",
  },
  {
    title: "Purchase orders",
    body: "Approved demand becomes purchase orders you can track from draft to receipt, with due and overdue hints.",
    href: paths.app.purchaseOrders.getHref(),
    cta: "Track orders",
  },
  {
    title: "Suppliers & catalogue",
    body: "Vendor risk, diligence notes and a governed catalogue keep buying on contract.",
    href: paths.app.vendors.getHref(),
    cta: "See vendors",
  },
];

export function WorkspaceStreams() {
  return (
    <section id="program" className="landing-section" aria-labelledby="streams-title">
      <div className="landing-container">
        <header className="section-header">
          <span className="eyebrow">Workspace streams</span>
          <h2 id="streams-title">One program, four streams of work</h2>
          <p className="muted">Each stream has its own queue in the workspace and feeds the same audit trail.</p>
        </header>
        <div className="stream-grid">
          {streams.map((stream, index) => (
            <article key={stream.title} className="card stream-card">
              <span className="stream-step" aria-hidden="true">
                {String(index + 1).padStart(2, "0")}
              </span>
              <h3>{stream.title}</h3>
              <p className="muted">{stream.body}</p>
              <Link to={stream.href} className="stream-link">
                {stream.cta} →
              </Link>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
