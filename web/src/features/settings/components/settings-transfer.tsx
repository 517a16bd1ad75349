import { useRef, useState, type ChangeEvent } from "react";
import { toast } from "sonner";
import { settingsSectionLabels, type SettingsImportResult } from "@procure/contracts";
import { ApiError, errorMessage } from "@/lib/api-client";
import { Notice } from "@/components/ui/notice";
import { exportSettings, useImportSettings } from "../api/settings-transfer";
import { ImportChanges, ImportSummary } from "./import-changes";
import { ShownOnce } from "./shown-once";

type Problem = { message: string; details: { path: string; message: string }[] };

/** The records a refused file names, each with its place in the file ("body.users.2.email" reads "users 3 email"). */
function problemOf(error: unknown): Problem {
  const details = error instanceof ApiError && Array.isArray(error.details) ? (error.details as Problem["details"]) : [];
  return { message: errorMessage(error, "The import failed."), details };
}
const place = (path: string) =>
  path
    .replace(/^body\.?/, "")
    .split(".")
    .map((part) => (/^\d+$/.test(part) ? `#${Number(part) + 1}` : part.replace(/_/g, " ")))
    .join(" › ");

/**
 * Copies a workspace's settings to another: the export downloads one JSON file; the import reads one, shows what it
 * would change (a dry run), and applies it only when asked.
 */
export function SettingsTransferCard() {
  const fileRef = useRef<HTMLInputElement>(null);
  const importing = useImportSettings();
  const [exporting, setExporting] = useState(false);
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<{ name: string; document: unknown; preview: SettingsImportResult } | null>(null);
  const [applied, setApplied] = useState<SettingsImportResult | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  const onExport = async () => {
    setExporting(true);
    setExportProblem(null);
    try {
      await exportSettings();
    } catch (error) {
      setExportProblem(errorMessage(error, "The export failed."));
    } finally {
      setExporting(false);
    }
  };

  const reset = () => {
    setPending(null);
    setProblem(null);
    if (fileRef.current) fileRef.current.value = "";
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPending(null);
    setApplied(null);
    setProblem(null);
    if (!file) return;
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      setProblem({ message: `${file.name} is not a settings file: it is not JSON.`, details: [] });
      return;
    }
    importing.mutate(
      { document, dryRun: true },
      { onSuccess: (preview) => setPending({ name: file.name, document, preview }), onError: (error) => setProblem(problemOf(error)) },
    );
  };

  const onApply = () => {
    if (!pending) return;
    importing.mutate(
      { document: pending.document, dryRun: false },
      {
        onSuccess: (result) => {
          reset();
          setApplied(result);
          toast.success("Settings imported");
        },
        onError: (error) => setProblem(problemOf(error)),
      },
    );
  };

  const checking = importing.isPending && !pending;
  const applying = importing.isPending && Boolean(pending);
  const changes = pending ? pending.preview.summary.create + pending.preview.summary.update : 0;

  return (
    <section className="card" aria-labelledby="settings-transfer-title" data-testid="settings-transfer">
      <div className="card-header">
        <div className="set-heading">
          <h2 id="settings-transfer-title" className="card-title">
            Export and import
          </h2>
          <p className="subtle">
            Copy approval rules, categories, budgets, members, webhook endpoints, diligence and matching settings to another workspace. Passwords and signing
            secrets never leave this one.
          </p>
        </div>
      </div>
      <div className="card-body stack">
        <div className="row set-transfer-row">
          <button type="button" className="btn" onClick={() => void onExport()} disabled={exporting} aria-busy={exporting}>
            {exporting ? "Exporting…" : "Export settings"}
          </button>
          <label className={`btn set-transfer-file${importing.isPending ? " is-disabled" : ""}`}>
            {checking ? "Checking the file…" : "Import settings"}
            <input
              ref={fileRef}
              type="file"
              accept="application/json,.json"
              className="visually-hidden"
              disabled={importing.isPending}
              onChange={(e) => void onFile(e)}
              data-testid="settings-import-file"
            />
          </label>
        </div>
        {exportProblem ? (
          <Notice tone="error" role="alert">
            {exportProblem}
          </Notice>
        ) : null}
        {checking ? (
          <p className="subtle" role="status">
            Checking what the file would change…
          </p>
        ) : null}
        {problem ? (
          <Notice tone="error" role="alert">
            <p className="set-transfer-problem">{problem.message}</p>
            {problem.details.length > 1 ? (
              <ul className="set-transfer-details">
                {problem.details.map((d) => (
                  <li key={`${d.path}:${d.message}`}>
                    <strong>{place(d.path)}</strong>: {d.message}
                  </li>
                ))}
              </ul>
            ) : null}
            <p className="subtle">Nothing was changed.</p>
          </Notice>
        ) : null}
        {pending ? (
          <div className="stack" data-testid="settings-import-preview">
            <h3 className="int-subtitle">What importing {pending.name} would change</h3>
            <ImportSummary summary={pending.preview.summary} />
            <ImportChanges changes={pending.preview.changes} />
            <div className="row">
              <button type="button" className="btn btn-primary" onClick={onApply} disabled={applying || changes === 0} aria-busy={applying}>
                {applying ? "Importing…" : changes === 0 ? "Nothing to import" : "Apply import"}
              </button>
              <button type="button" className="btn" onClick={reset} disabled={applying}>
                Cancel
              </button>
            </div>
          </div>
        ) : null}
        {applied ? (
          <div className="stack" data-testid="settings-import-applied">
            <Notice tone="success" role="status">
              Settings imported: <ImportSummary summary={applied.summary} inline />
            </Notice>
            {applied.temporary_passwords.map((p) => (
              <ShownOnce key={p.email} label={`Temporary password for ${p.email}`} value={p.password} what="Password" />
            ))}
            {applied.webhook_secrets.map((s) => (
              <ShownOnce key={s.id} label={`Signing secret for ${s.url}`} value={s.secret} what="Secret" />
            ))}
          </div>
        ) : null}
        <p className="subtle">{`An import adds and updates; it never removes anything. ${settingsSectionLabels.users} are matched by email.`}</p>
      </div>
    </section>
  );
}
