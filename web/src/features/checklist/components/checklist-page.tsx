import { PublicHeader } from "@/components/layout/public-header";
import { PublicFooter } from "@/components/layout/public-footer";
import { paths } from "@/config/paths";
import { IntakeChecklist } from "./intake-checklist";

const nav = [
  { hash: "overview", label: "Overview" },
  { hash: "program", label: "Program" },
  { hash: "roles", label: "Roles" },
  { hash: "resources", label: "Resources" },
  { hash: "access", label: "Access" },
];

export function ChecklistPage() {
  return (
    <div className="checklist-page">
      <PublicHeader
        nav={nav.map((link) => (
          <a key={link.hash} href={paths.home.getHref(link.hash)}>
            {link.label}
          </a>
        ))}
      />
      <main className="checklist-main">
        <header className="checklist-intro">
          <span className="eyebrow">Resources</span>
          <h1>Intake readiness checklist</h1>
          <p className="muted">Work through these before you raise a purchase request. Required items have no marker. Your ticks stay on this page only.</p>
        </header>
        <IntakeChecklist />
      </main>
      <PublicFooter />
    </div>
  );
}
