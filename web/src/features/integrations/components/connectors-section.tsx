import { connectors, sampleCadences } from "../lib/sample-content";
import { IntegrationBadge } from "./integration-badge";
import { SampleTag } from "./sample-tag";

export function ConnectorsSection() {
  return (
    <section className="card int-section" id="connectors" aria-labelledby="connectors-title" tabIndex={-1}>
      <div className="card-header">
        <div className="int-heading">
          <h2 id="connectors-title" className="card-title">
            Connectors
          </h2>
          <p className="subtle">ERP and AP sync, the data warehouse feed and automation, each on its own cadence: {sampleCadences.join(", ")}.</p>
        </div>
        <SampleTag />
      </div>
      <div className="table-wrap">
        <table className="table table-responsive int-table" aria-label="Connectors">
          <thead>
            <tr>
              <th scope="col">Connector</th>
              <th scope="col">What moves</th>
              <th scope="col">Cadence</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {connectors.map((connector) => (
              <tr key={connector.name} data-testid="connector-row">
                <td className="int-name-cell cell-stacked">
                  <span className="int-name">{connector.name}</span>
                  <span className="subtle">{connector.system}</span>
                </td>
                <td data-label="What moves">{connector.direction}</td>
                <td data-label="Cadence">
                  <span className="int-cadence">{connector.cadence}</span>
                </td>
                <td data-label="Status">
                  <IntegrationBadge status={connector.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
