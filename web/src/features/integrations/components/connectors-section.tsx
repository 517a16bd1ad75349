import { connectorDefinitions } from "@procure/contracts";
import { useIntegrationStates } from "../api/get-integration-states";
import { IntegrationBadge } from "./integration-badge";

const cadences = [...new Set(connectorDefinitions.map((c) => c.cadence))];

/** Each connector as the workspace records it: the same states the dashboard's integrations card shows. */
export function ConnectorsSection() {
  const states = useIntegrationStates();
  return (
    <section className="card int-section" id="connectors" aria-labelledby="connectors-title" tabIndex={-1}>
      <div className="card-header">
        <div className="int-heading">
          <h2 id="connectors-title" className="card-title">
            Connectors
          </h2>
          <p className="subtle">ERP and AP sync, the data warehouse feed and automation, each on its own cadence: {cadences.join(", ")}.</p>
        </div>
      </div>
      <div className="table-wrap">
        <table className="table table-responsive int-table" aria-label="Connectors" aria-busy={states.isPending}>
          <thead>
            <tr>
              <th scope="col">Connector</th>
              <th scope="col">What moves</th>
              <th scope="col">Cadence</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {connectorDefinitions.map((connector) => {
              const state = states.data?.find((s) => s.id === connector.id);
              return (
                <tr key={connector.id} data-testid="connector-row" data-connector={connector.id}>
                  <td className="int-name-cell cell-stacked">
                    <span className="int-name">{connector.name}</span>
                    <span className="subtle">{state?.detail ?? connector.system}</span>
                  </td>
                  <td data-label="What moves">{connector.direction}</td>
                  <td data-label="Cadence">
                    <span className="int-cadence">{connector.cadence}</span>
                  </td>
                  <td data-label="Status">
                    {state ? <IntegrationBadge status={state.status} /> : <span className="subtle">{states.isError ? "Unknown" : "Checking…"}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
