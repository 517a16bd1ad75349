import { Link } from "react-router-dom";
import { fallbackQuickLinks } from "../lib/fallback-content";
import { useLandingBlocks } from "../lib/use-landing-blocks";
import { BlockNote } from "./block-note";

export function HeroMetrics() {
  const { heroMetrics } = useLandingBlocks();
  const { items, source } = heroMetrics;

  return (
    <aside className="card hero-metrics" aria-labelledby="hero-metrics-title" aria-busy={source === "loading"}>
      <div className="hero-metrics-header">
        <h2 id="hero-metrics-title" className="card-title">
          Workspace pulse
        </h2>
        {source === "live" ? <span className="badge badge-success">Live</span> : null}
      </div>
      {source === "loading" ? (
        <ul className="hero-metric-list" aria-label="Loading metrics">
          {[0, 1, 2].map((i) => (
            <li key={i} className="hero-metric">
              <span className="skeleton" style={{ width: "60%" }} />
              <span className="skeleton" style={{ width: "35%", height: 24, marginTop: 8 }} />
            </li>
          ))}
        </ul>
      ) : source === "live" ? (
        <dl className="hero-metric-list">
          {items.map((metric) => (
            <div key={metric.label} className="hero-metric">
              <dt>{metric.label}</dt>
              <dd>{metric.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <div className="stack">
          <BlockNote
            source={source}
            syncing="Workspace metrics are still syncing—use these quick links to get hands-on right away"
            failed="Live workspace metrics couldn't load, so we've surfaced direct links into the core queues"
          />
          <ul className="hero-quick-links" aria-label="Quick links">
            {fallbackQuickLinks.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="hero-quick-link">
                  <span className="hero-quick-link-label">{link.label}</span>
                  <span className="subtle">{link.description}</span>
                </Link>
              </li>
            ))}
          </ul>
          <dl className="hero-fallback-metrics" aria-label="Standard figures">
            {items.map((metric) => (
              <div key={metric.label}>
                <dt>{metric.label}</dt>
                <dd>{metric.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </aside>
  );
}
