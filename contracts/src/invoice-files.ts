import { requestFile, type RequestFile } from "./requests.ts";

/** An invoice's document answers as a request's file does: `url` downloads it. */
export const invoiceFile = requestFile;
export type InvoiceFile = RequestFile;

/**
 * What a vendor's invoice document may be: a PDF, a scan or photo, or an XML e-invoice. Anything else is refused
 * with `invoiceDocumentTypeMessage`, before it is kept.
 */
export const invoiceDocumentTypes = ["application/pdf", "image/png", "image/jpeg", "image/tiff", "image/webp", "application/xml", "text/xml"] as const;
export const invoiceDocumentTypeMessage = "Attach the invoice as a PDF, an image (PNG, JPEG, TIFF or WebP) or an XML e-invoice.";

export const isInvoiceDocumentType = (contentType: string) =>
  (invoiceDocumentTypes as readonly string[]).includes(contentType.split(";")[0]!.trim().toLowerCase());
