import { useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { vendorDocumentKindLabels, vendorDocumentKinds, type VendorDocument, type VendorDocumentKind } from "@procure/contracts";
import { errorMessage } from "@/lib/api-client";
import { downloadFile } from "@/lib/download-file";
import { formatDate, formatSize } from "@/lib/format";
import { Notice } from "@/components/ui/notice";
import { useAddVendorDocument, useRemoveVendorDocument, useVendorDocuments } from "../api/vendor-documents";

type Props = { vendorId: string; vendorName: string; canEdit: boolean };

const today = () => new Date().toISOString().slice(0, 10);

function expiryNote(document: VendorDocument): string {
  if (!document.expires_on) return "Does not expire";
  return document.expires_on < today() ? `Expired ${formatDate(document.expires_on)}` : `Expires ${formatDate(document.expires_on)}`;
}

/** The vendor's diligence documents: each with its kind and expiry, to download or remove, and a form to add one. */
export function VendorDocuments({ vendorId, vendorName, canEdit }: Props) {
  const documents = useVendorDocuments(vendorId);
  const add = useAddVendorDocument();
  const remove = useRemoveVendorDocument();
  const fileRef = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<VendorDocumentKind>("w9");
  const [expiresOn, setExpiresOn] = useState("");
  const [file, setFile] = useState<File | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    add.mutate(
      { vendorId, kind, expiresOn, file },
      {
        onSuccess: (added) => {
          toast.success("Document uploaded", { description: `${vendorDocumentKindLabels[added.kind]} for ${vendorName}` });
          setFile(null);
          setExpiresOn("");
          if (fileRef.current) fileRef.current.value = "";
        },
        onError: (error) => toast.error("Upload failed", { description: errorMessage(error) }),
      },
    );
  };

  const onRemove = (document: VendorDocument) =>
    remove.mutate(
      { vendorId, documentId: document.id },
      {
        onSuccess: () => toast.success("Document removed", { description: document.filename }),
        onError: (error) => toast.error("Remove failed", { description: errorMessage(error) }),
      },
    );

  return (
    <section className="vendor-documents" aria-labelledby="vendor-documents-heading">
      <h3 className="card-title" id="vendor-documents-heading">
        Documents
      </h3>
      {documents.isPending ? (
        <p className="subtle" role="status">
          Loading documents…
        </p>
      ) : documents.isError ? (
        <Notice tone="error" role="alert">{`Unable to load documents: ${errorMessage(documents.error)}`}</Notice>
      ) : documents.data.length === 0 ? (
        <p className="subtle">No documents on file yet.</p>
      ) : (
        <ul className="file-list" aria-label="Documents on file">
          {documents.data.map((document) => (
            <li key={document.id} className="file-item">
              <span className="file-text">
                <span className="file-name">{`${vendorDocumentKindLabels[document.kind]}: ${document.filename}`}</span>
                <span className="subtle">{[expiryNote(document), formatSize(document.size)].join(" · ")}</span>
              </span>
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => void downloadFile(document.url, document.filename).catch((error) => toast.error(`Download failed: ${errorMessage(error)}`))}
                aria-label={`Download ${document.filename}`}
              >
                Download
              </button>
              {canEdit ? (
                <button
                  type="button"
                  className="btn btn-sm btn-danger"
                  disabled={remove.isPending}
                  onClick={() => onRemove(document)}
                  aria-label={`Remove ${document.filename}`}
                >
                  Remove
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <form className="vendor-document-form" onSubmit={onSubmit} aria-label="Add a document">
          <label className="field">
            <span className="field-label">Kind</span>
            <select className="input" value={kind} onChange={(e) => setKind(e.target.value as VendorDocumentKind)}>
              {vendorDocumentKinds.map((k) => (
                <option key={k} value={k}>
                  {vendorDocumentKindLabels[k]}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field-label">
              Expires on <span className="subtle">(optional)</span>
            </span>
            <input className="input" type="date" value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} />
          </label>
          <label className="field vendor-document-file">
            <span className="field-label">File</span>
            <input ref={fileRef} className="input file-input" type="file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </label>
          <button type="submit" className="btn btn-primary" disabled={!file || add.isPending}>
            {add.isPending ? "Uploading…" : "Upload document"}
          </button>
        </form>
      ) : null}
    </section>
  );
}
