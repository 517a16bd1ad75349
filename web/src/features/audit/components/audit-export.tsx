import { useState, type FormEvent } from "react";
import { auditExportQuery } from "@procure/contracts";
import { errorMessage } from "@/lib/api-client";
import { downloadFile } from "@/lib/download-file";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Notice } from "@/components/ui/notice";
import "../audit.css";

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Every request timeline with an event in a date range, in one CSV an auditor can recompute the hash chains from
 * (infra/src/audit-verify-script.ts shows how).
 */
export function AuditExport() {
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(today.getTime() - 30 * 86_400_000)));
  const [to, setTo] = useState(isoDay(today));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const query = auditExportQuery.safeParse({ from, to });
    if (!query.success) {
      setProblem(query.error.issues[0]?.message === "from must not be after to." ? "The start date must not be after the end date." : "Choose both dates.");
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const search = new URLSearchParams({ from, to });
      await downloadFile(`/api/audit/requests.csv?${search}`, `request-audit-${from}-${to}.csv`);
    } catch (error) {
      setProblem(errorMessage(error, "The export failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="stack audit-export" aria-labelledby="audit-export-title" data-testid="audit-export">
      <div>
        <h3 className="int-subtitle" id="audit-export-title">
          Audit export
        </h3>
        <p className="subtle">The full, hash-chained timeline of every request with activity in the range, as CSV.</p>
      </div>
      <form className="row audit-export-form" onSubmit={(e) => void submit(e)} noValidate>
        <FormField id="audit-from" label="From">
          <input type="date" className="input" value={from} max={to} onChange={(e) => setFrom(e.target.value)} {...fieldAria("audit-from", {})} />
        </FormField>
        <FormField id="audit-to" label="To">
          <input type="date" className="input" value={to} min={from} onChange={(e) => setTo(e.target.value)} {...fieldAria("audit-to", {})} />
        </FormField>
        <button type="submit" className="btn" disabled={busy} aria-busy={busy}>
          {busy ? "Exporting…" : "Export timelines"}
        </button>
      </form>
      {problem ? (
        <Notice tone="error" role="alert">
          {problem}
        </Notice>
      ) : null}
    </section>
  );
}
