import { useState } from "react";
import { Link } from "react-router-dom";
import { TabPanel, Tabs } from "@/components/ui/tabs";
import { Notice } from "@/components/ui/notice";
import { useLandingBlocks } from "../lib/use-landing-blocks";
import type { RoleView } from "../lib/landing-types";

function RoleDetail({ view }: { view: RoleView }) {
  return (
    <div className="role-detail">
      <div className="stack">
        <h3>{view.headline}</h3>
        {view.summary ? <p className="muted">{view.summary}</p> : null}
      </div>
      <div className="role-columns">
        {view.responsibilities.length > 0 ? (
          <div>
            <h4 className="role-column-title">Responsibilities</h4>
            <ul className="bullet-list">
              {view.responsibilities.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {view.cadence.length > 0 ? (
          <div>
            <h4 className="role-column-title">Cadence</h4>
            <ul className="bullet-list">
              {view.cadence.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {view.tools.length > 0 ? (
        <div>
          <h4 className="role-column-title">Tools</h4>
          <ul className="tool-grid">
            {view.tools.map((tool) => (
              <li key={tool.label} className="tool-card">
                {tool.href ? <Link to={tool.href}>{tool.label}</Link> : <strong>{tool.label}</strong>}
                {tool.description ? <span className="subtle">{tool.description}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export function RoleHandbook() {
  const { roleViews } = useLandingBlocks();
  const { items, source } = roleViews;
  const [selected, setSelected] = useState<string | null>(null);
  // Deriving the active role means a selection that disappears from the data falls back to the first role.
  const active = items.find((view) => view.id === selected) ?? items[0];

  return (
    <section id="roles" className="landing-section" aria-labelledby="roles-title">
      <div className="landing-container">
        <header className="section-header">
          <span className="eyebrow">Role handbook</span>
          <h2 id="roles-title">How each role works in the workspace</h2>
        </header>
        <div className="card role-handbook">
          {source === "syncing" ? (
            <Notice tone="info" role="status">
              Role guidance will appear once live data loads.
            </Notice>
          ) : null}
          {source === "failed" ? (
            <Notice tone="warning" role="status">
              We couldn't load role guidance from the workspace. Try refreshing.
            </Notice>
          ) : null}
          {source === "loading" || !active ? (
            <div className="stack" aria-busy="true">
              <span className="skeleton" style={{ width: "40%" }} />
              <span className="skeleton" style={{ width: "80%" }} />
              <span className="skeleton" style={{ width: "70%" }} />
            </div>
          ) : (
            <>
              <Tabs
                label="Choose a role"
                idPrefix="role"
                variant="pills"
                tabs={items.map((view) => ({ id: view.id, label: view.label }))}
                value={active.id}
                onChange={setSelected}
              />
              <TabPanel id={active.id} idPrefix="role">
                <RoleDetail view={active} />
              </TabPanel>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
