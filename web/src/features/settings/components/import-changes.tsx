import { settingsSectionLabels, type SettingsImportChange, type SettingsImportResult } from "@procure/contracts";

const actionLabels: Record<SettingsImportChange["action"], string> = { create: "Create", update: "Update", unchanged: "Unchanged" };
const actionTones: Record<SettingsImportChange["action"], string> = { create: "badge-success", update: "badge-warning", unchanged: "" };

/** "2 to create, 1 to update, 5 unchanged": the dry run's answer in one line. */
export function ImportSummary({ summary, inline = false }: { summary: SettingsImportResult["summary"]; inline?: boolean }) {
  const text = `${summary.create} to create, ${summary.update} to update, ${summary.unchanged} unchanged`;
  return inline ? <span data-testid="import-summary">{text}</span> : <p data-testid="import-summary">{text}</p>;
}

const actionOrder: SettingsImportChange["action"][] = ["create", "update", "unchanged"];

/** Each record of the file and what importing it does, what changes first. */
export function ImportChanges({ changes }: { changes: readonly SettingsImportChange[] }) {
  const ordered = [...changes].sort((a, b) => actionOrder.indexOf(a.action) - actionOrder.indexOf(b.action));
  return (
    <div className="table-wrap">
      <table className="table table-responsive set-table" aria-label="Changes the import would make">
        <thead>
          <tr>
            <th scope="col">Section</th>
            <th scope="col">Record</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {ordered.map((change) => (
            <tr key={`${change.section}:${change.key}`} data-testid="import-change">
              <td data-label="Section">{settingsSectionLabels[change.section]}</td>
              <td data-label="Record" className="set-email">
                {change.label}
              </td>
              <td data-label="Change">
                <span className={`badge ${actionTones[change.action]}`.trim()}>{actionLabels[change.action]}</span>
                {change.fields?.length ? (
                  <ul className="set-import-fields">
                    {change.fields.map(({ field, before, after }) => (
                      <li key={field}>
                        <code>{field}</code>: {before} → {after}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
