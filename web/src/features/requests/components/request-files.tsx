import { useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/lib/api-client";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { useFiles } from "../api/get-files";
import { useUploadFile } from "../api/upload-file";
import { StoredFileList } from "@/components/ui/stored-file-list";

export function RequestFiles({ requestId }: { requestId: string }) {
  const files = useFiles(requestId);
  const upload = useUploadFile();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate(
      { id: requestId, file },
      {
        onSuccess: () => {
          toast.success("File uploaded");
          setFile(null);
          if (inputRef.current) inputRef.current.value = "";
        },
        onError: (error) => toast.error(`Upload failed: ${errorMessage(error)}`),
      },
    );
  };

  return (
    <div className="stack" style={{ gap: 16 }}>
      <form className="upload-row" onSubmit={onSubmit}>
        <label className="field" style={{ flex: 1 }}>
          <span className="field-label">Attach a file</span>
          <input ref={inputRef} className="input file-input" type="file" name="file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={!file || upload.isPending}>
          {upload.isPending ? "Uploading…" : "Upload"}
        </button>
      </form>
      {files.isPending ? (
        <div className="stack" aria-busy="true">
          <span className="skeleton" style={{ width: "70%" }} />
          <span className="skeleton" style={{ width: "55%" }} />
        </div>
      ) : files.isError ? (
        <Notice tone="error" role="alert">{`Unable to load files: ${errorMessage(files.error)}`}</Notice>
      ) : files.data.length === 0 ? (
        <EmptyState icon="📎" title="No files yet.">
          <span className="subtle">Quotes, contracts and diligence documents belong here.</span>
        </EmptyState>
      ) : (
        <StoredFileList files={files.data} />
      )}
    </div>
  );
}
