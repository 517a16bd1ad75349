import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { HeroMetrics } from "./hero-metrics";

function scrollToSection(id: string, focusSelector?: string) {
  const section = document.getElementById(id);
  if (!section) return;
  section.scrollIntoView({ behavior: "smooth", block: "start" });
  const target = focusSelector ? section.querySelector<HTMLElement>(focusSelector) : null;
  target?.focus({ preventScroll: true });
}

/** The sample-workspace button leads to the sample accounts, so it shows only where they exist. */
export function HeroSection({ demoWorkspace }: { demoWorkspace: boolean }) {
  return (
    <section id="overview" className="landing-hero" aria-labelledby="hero-title">
      <div className="landing-container landing-hero-grid">
        <div className="landing-hero-copy">
          <span className="eyebrow">Procurement workspace</span>
          <h1 id="hero-title">Purchasing that keeps pace with your teams</h1>
          <p className="lead">
            Intake, approvals, vendors and purchase orders in one workspace, with a timeline an auditor can trust and numbers that update the moment someone
            acts.
          </p>
          <div className="landing-hero-actions">
            <Link className="btn btn-primary btn-lg" to={paths.app.root.getHref()}>
              Open workspace
            </Link>
            {demoWorkspace && (
              <button type="button" className="btn btn-lg" onClick={() => scrollToSection("try-it")}>
                Try the sample workspace
              </button>
            )}
            <button type="button" className="btn btn-ghost btn-lg" onClick={() => scrollToSection("work-orders", "input")}>
              Submit a work order
            </button>
          </div>
        </div>
        <HeroMetrics />
      </div>
    </section>
  );
}
