import { useState } from "react";
import { checklistItemCount, checklistSections, type Importance } from "../lib/checklist-data";
import "../checklist.css";

const badgeFor: Record<Importance, { text: string; className: string } | null> = {
  required: null,
  recommended: { text: "Recommended", className: "badge badge-primary badge-plain" },
  optional: { text: "Optional", className: "badge badge-plain" },
};

/** Ticks live only in this component's memory by design: nothing is saved. */
export function IntakeChecklist() {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const ready = ticked.size;
  const percent = Math.round((ready / checklistItemCount) * 100);

  const toggle = (id: string) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="checklist">
      <div className="card checklist-progress">
        <div className="checklist-progress-head">
          <div>
            <p className="checklist-progress-title">Overall progress</p>
            <p className="muted" data-testid="checklist-ready">
              {ready} of {checklistItemCount} items ready
            </p>
          </div>
          <div className="row">
            <span className="checklist-percent" data-testid="checklist-percent">
              {percent}%
            </span>
            {ready > 0 ? (
              <button type="button" className="btn btn-sm" onClick={() => setTicked(new Set())}>
                Reset checklist
              </button>
            ) : null}
          </div>
        </div>
        <div
          className="progress"
          role="progressbar"
          aria-label="Checklist progress"
          aria-valuemin={0}
          aria-valuemax={checklistItemCount}
          aria-valuenow={ready}
          aria-valuetext={`${ready} of ${checklistItemCount} ready, ${percent}%`}
        >
          <span className="progress-bar" style={{ width: `${percent}%` }} />
        </div>
      </div>

      <div className="checklist-sections">
        {checklistSections.map((section) => {
          const sectionReady = section.items.filter((i) => ticked.has(i.id)).length;
          return (
            <section key={section.id} className="card checklist-section" aria-labelledby={`section-${section.id}`}>
              <header className="checklist-section-head">
                <div>
                  <h2 id={`section-${section.id}`}>{section.title}</h2>
                  <p className="subtle">{section.summary}</p>
                </div>
                <span className={`badge badge-plain ${sectionReady === section.items.length ? "badge-success" : ""}`}>
                  {sectionReady}/{section.items.length} ready
                </span>
              </header>
              <ul className="checklist-items">
                {section.items.map((entry) => {
                  const badge = badgeFor[entry.importance];
                  const checked = ticked.has(entry.id);
                  return (
                    <li key={entry.id}>
                      <label className={`checklist-item${checked ? " is-checked" : ""}`}>
                        <input type="checkbox" checked={checked} onChange={() => toggle(entry.id)} />
                        <span className="checklist-item-text">
                          <span className="checklist-item-label">
                            {entry.label}
                            {badge ? <span className={`${badge.className} checklist-badge`}>{badge.text}</span> : null}
                          </span>
                          {entry.detail ? <span className="subtle">{entry.detail}</span> : null}
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}
      </div>
    </div>
  );
}
