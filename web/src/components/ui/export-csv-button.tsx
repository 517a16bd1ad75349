import { useState } from "react";
import { downloadFile } from "@/lib/download-file";
import { errorMessage } from "@/lib/api-client";

type Props = { href: string; filename: string; label?: string };

/** Downloads the list as the server writes it: every row the current filters, search and sort match. */
export function ExportCsvButton({ href, filename, label = "Export CSV" }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFile(href, filename);
    } catch (failure) {
      setError(`Export failed: ${errorMessage(failure)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn" onClick={() => void run()} disabled={busy} aria-describedby={error ? "export-error" : undefined}>
        {busy ? "Exporting…" : label}
      </button>
      {error ? (
        <span id="export-error" role="alert" className="form-error">
          {error}
        </span>
      ) : null}
    </>
  );
}
