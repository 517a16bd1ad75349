import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { useHashScroll } from "@/lib/use-hash-scroll";
import { PunchoutHub } from "./punchout-hub";
import { ConnectorsSection } from "./connectors-section";
import { ToolkitPlaybook } from "./toolkit-playbook";
import { AutomationSection, type AutomationSlots } from "./automation-section";
import "../integrations.css";

const sections = [
  { id: "punchout", label: "PunchOut hub" },
  { id: "connectors", label: "Connectors" },
  { id: "automation", label: "Automation" },
] as const;

/** The automation parts come from other features, composed by the route. */
export function IntegrationsPage({ automation }: { automation: AutomationSlots }) {
  useHashScroll({ focus: true });
  return (
    <div className="stack integrations-page">
      <nav className="int-jump" aria-label="On this page">
        {sections.map((section) => (
          <Link key={section.id} to={paths.app.integrations.getHref(section.id)} className="chip">
            {section.label}
          </Link>
        ))}
      </nav>
      <PunchoutHub />
      <ConnectorsSection />
      <ToolkitPlaybook />
      <AutomationSection {...automation} />
    </div>
  );
}
