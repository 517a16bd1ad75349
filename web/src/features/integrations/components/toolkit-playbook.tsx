import { playbook, toolkit } from "../lib/sample-content";

export function ToolkitPlaybook() {
  return (
    <div className="int-pair">
      <section className="card" aria-labelledby="toolkit-title">
        <div className="card-header">
          <h2 id="toolkit-title" className="card-title">
            Integration toolkit
          </h2>
        </div>
        <ul className="card-body int-list">
          {toolkit.map((item) => (
            <li key={item.title}>
              <h3 className="int-list-title">{item.title}</h3>
              <p className="int-note">{item.body}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="playbook-title">
        <div className="card-header">
          <h2 id="playbook-title" className="card-title">
            Launch playbook
          </h2>
        </div>
        <ol className="card-body int-steps">
          {playbook.map((step) => (
            <li key={step.title}>
              <h3 className="int-list-title">{step.title}</h3>
              <p className="int-note">{step.body}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
