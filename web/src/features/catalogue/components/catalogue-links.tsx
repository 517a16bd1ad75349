import { Link } from "react-router-dom";
import { canSee, type Role, type Section } from "@procure/contracts";
import { paths } from "@/config/paths";

type CatalogueLink = { label: string; body: string; href: string; section?: Section };

const links: CatalogueLink[] = [
  { label: "Raise a request", body: "Nothing in the catalogue fits? Ask procurement.", href: paths.app.requests.getHref(), section: "requests" },
  { label: "Intake checklist", body: "Get a request ready in one pass.", href: paths.app.intakeChecklist.getHref() },
  { label: "Feed automation", body: "Import schedules and webhooks.", href: paths.app.integrations.getHref("automation"), section: "integrations" },
  { label: "PunchOut hub", body: "Supplier sessions and cXML/OCI setup.", href: paths.app.integrations.getHref("punchout"), section: "integrations" },
];

/** Where catalogue work continues; links a role cannot open are left out rather than bounced. */
export function CatalogueLinks({ role }: { role: Role }) {
  const visible = links.filter((link) => !link.section || canSee(role, link.section));
  return (
    <nav className="cat-links" aria-label="Catalogue shortcuts">
      {visible.map((link) => (
        <Link key={link.href} to={link.href} className="card cat-link">
          <span className="cat-link-label">{link.label}</span>
          <span className="cat-link-body">{link.body}</span>
        </Link>
      ))}
    </nav>
  );
}
