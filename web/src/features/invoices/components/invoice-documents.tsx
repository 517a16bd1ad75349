import { useId, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { can, invoiceDocumentTypeMessage, invoiceDocumentTypes, isInvoiceDocumentType } from "@procure/contracts";
import { useSession } from "@/lib/auth";
import { errorMessage } from "@/lib/api-client";
import { Notice } from "@/components/ui/notice";
import { StoredFileList } from "@/components/ui/stored-file-list";
import { useInvoiceFiles } from "../api/get-invoice-files";
import { useAttachInvoiceFile } from "../api/attach-invoice-file";

/** The vendor's own invoice document (a PDF, a scan, an e-invoice), attached beside the invoice as recorded. */
export function InvoiceDocuments({ invoiceId }: { invoiceId: string }) {
  const { role } = useSession();
  const files = useInvoiceFiles(invoiceId);
  const attach = useAttachInvoiceFile();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const headingId = `${id}-heading`;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    // The server refuses it too; saying so at once spares the upload.
    setProblem(chosen && !isInvoiceDocumentType(chosen.type) ? invoiceDocumentTypeMessage : null);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || problem) return;
    attach.mutate(
      { id: invoiceId, file },
      {
        onSuccess: (attached) => {
          toast.success("Invoice document attached", { description: attached.filename });
          choose(null);
          if (inputRef.current) inputRef.current.value = "";
        },
        onError: (error) => setProblem(errorMessage(error, "The document could not be attached.")),
      },
    );
  };

  return (
    <section className="stack invoice-documents" aria-labelledby={headingId}>
      <h3 id={headingId} className="invoice-documents-title">
        Invoice document
      </h3>
      {files.isPending ? (
        <span className="skeleton" style={{ width: "60%" }} aria-busy="true" />
      ) : files.isError ? (
        <Notice tone="error" role="alert">{`Unable to load the documents: ${errorMessage(files.error)}`}</Notice>
      ) : files.data.length === 0 ? (
        <p className="subtle">No document attached yet.</p>
      ) : (
        <StoredFileList files={files.data} label="Invoice documents" />
      )}
      {can(role, "invoices:write") ? (
        <form className="invoice-upload" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-file`}>
              Attach the vendor&apos;s invoice <span className="field-qualifier">(PDF, image or XML)</span>
            </label>
            <input
              ref={inputRef}
              id={`${id}-file`}
              className="input invoice-file-input"
              type="file"
              name="file"
              accept={invoiceDocumentTypes.join(",")}
              aria-invalid={problem !== null}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
            />
          </div>
          {problem ? (
            <p id={`${id}-problem`} className="field-error" role="alert">
              {problem}
            </p>
          ) : null}
          <button type="submit" className="btn" disabled={!file || problem !== null || attach.isPending}>
            {attach.isPending ? "Attaching…" : "Attach"}
          </button>
        </form>
      ) : null}
    </section>
  );
}
