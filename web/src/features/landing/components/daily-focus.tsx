import { useLandingBlocks } from "../lib/use-landing-blocks";
import { BlockNote } from "./block-note";

export function DailyFocus() {
  const { focusSignals } = useLandingBlocks();
  const { items, source } = focusSignals;

  return (
    <section id="focus" className="landing-section landing-section-alt" aria-labelledby="focus-title">
      <div className="landing-container">
        <header className="section-header">
          <span className="eyebrow">Daily focus</span>
          <h2 id="focus-title">What needs attention today</h2>
        </header>
        <div className="stack">
          <BlockNote
            source={source}
            syncing="Live workspace data is still syncing—here is the standard program playbook for quick reference"
            failed="Live workspace data couldn't load, so you're seeing the standard program playbook"
          />
          {source === "failed" ? <p className="subtle">Live focus signals are unavailable right now.</p> : null}
          <ul className="focus-grid" aria-busy={source === "loading"}>
            {source === "loading"
              ? [0, 1, 2].map((i) => (
                  <li key={i} className="card focus-card">
                    <span className="skeleton" style={{ width: "50%" }} />
                    <span className="skeleton" style={{ width: "30%", height: 28, marginTop: 10 }} />
                  </li>
                ))
              : items.map((signal) => (
                  <li key={signal.label} className="card focus-card">
                    <span className="focus-label">{signal.label}</span>
                    <span className="focus-value">{signal.value}</span>
                    {signal.meta ? <span className="subtle">{signal.meta}</span> : null}
                  </li>
                ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
