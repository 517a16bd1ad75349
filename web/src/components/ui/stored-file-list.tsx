import { useState } from "react";
import { toast } from "sonner";
import type { RequestFile } from "@procure/contracts";
import { errorMessage } from "@/lib/api-client";
import { downloadFile } from "@/lib/download-file";
import { formatRecency, formatSize } from "@/lib/format";

type StoredFile = Pick<RequestFile, "id" | "filename" | "url" | "size" | "created_at">;

/** Files kept in the file store, each with its size, when it came, and a Download button (downloads need the session). */
export function StoredFileList({ files, label }: { files: readonly StoredFile[]; label?: string }) {
  const [downloading, setDownloading] = useState<string | null>(null);
  const onDownload = async (file: StoredFile) => {
    setDownloading(file.id);
    try {
      await downloadFile(file.url, file.filename);
    } catch (error) {
      toast.error(`Download failed: ${errorMessage(error)}`);
    } finally {
      setDownloading(null);
    }
  };
  return (
    <ul className="file-list" aria-label={label}>
      {files.map((entry) => (
        <li key={entry.id} className="file-item">
          <span className="file-icon" aria-hidden="true">
            📄
          </span>
          <span className="file-text">
            <span className="file-name">{entry.filename}</span>
            <span className="subtle">{[formatSize(entry.size), entry.created_at ? formatRecency(entry.created_at) : ""].filter(Boolean).join(" · ")}</span>
          </span>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => void onDownload(entry)}
            disabled={downloading === entry.id}
            aria-label={`Download ${entry.filename}`}
          >
            {downloading === entry.id ? "Downloading…" : "Download"}
          </button>
        </li>
      ))}
    </ul>
  );
}
