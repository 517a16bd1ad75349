import { Link } from "react-router-dom";
import { paths } from "@/config/paths";

const links = [
  { label: "Workspace home", href: paths.app.root.getHref(), body: "Dashboard with request and order figures" },
  { label: "Requests", href: paths.app.requests.getHref(), body: "Raise and track purchase requests" },
  { label: "Approvals", href: paths.app.approvals.getHref(), body: "Decide on pending requests" },
  { label: "Vendors", href: paths.app.vendors.getHref(), body: "Supplier status, risk and notes" },
  { label: "Purchase orders", href: paths.app.purchaseOrders.getHref(), body: "Draft, issue and receive orders" },
  { label: "Catalogue", href: paths.app.catalog.getHref(), body: "Categories, items and PunchOut" },
  { label: "Integrations", href: paths.app.integrations.getHref(), body: "ERP, AP sync and automation" },
  { label: "Settings", href: paths.app.settings.getHref(), body: "Members and approval rules" },
];

export function AppLinksSection() {
  return (
    <section id="resources" className="landing-section" aria-labelledby="resources-title">
      <div className="landing-container">
        <header className="section-header">
          <span className="eyebrow">Resources</span>
          <h2 id="resources-title">Jump straight into the workspace</h2>
          <p className="muted">
            Getting a request ready? Start with the <Link to={paths.checklist.getHref()}>intake checklist</Link>.
          </p>
        </header>
        <ul className="app-link-grid">
          {links.map((link) => (
            <li key={link.href}>
              <Link to={link.href} className="card app-link">
                <span className="app-link-label">{link.label}</span>
                <span className="subtle">{link.body}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
