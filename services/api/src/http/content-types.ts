import { errorCodes } from "@procure/contracts";
import { HttpError } from "../plugins/errors.ts";

/** type/subtype as RFC 9110 spells a media type: tokens only, so no control character, space or NUL. */
const MEDIA_TYPE = /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/;

/**
 * Types a browser shows without running anything in the page's origin. SVG is left out (it is a document that runs
 * script), as are HTML, XML, JavaScript and multipart/x-mixed-replace.
 */
const SERVED_AS_DECLARED = new Set([
  "application/pdf",
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/bmp",
  "image/tiff",
  "text/plain",
  "text/csv",
  "application/msword",
  "application/vnd.ms-excel",
  "application/vnd.ms-powerpoint",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet",
  "application/vnd.oasis.opendocument.presentation",
  "application/rtf",
]);

const BYTES = "application/octet-stream";

/** The type an upload's part declares, as stored; one that is not a media type is refused. */
export function declaredContentType(mimetype: string | undefined): string {
  const type = (mimetype ?? "").trim().toLowerCase();
  if (type === "") return BYTES;
  if (!MEDIA_TYPE.test(type)) throw new HttpError(400, errorCodes.validation, "The file's content type is not a valid media type.");
  return type;
}

/** The type a download is sent with: the stored one when it is safe to, otherwise plain bytes. */
export function servedContentType(stored: string): string {
  const type = stored.split(";")[0]!.trim().toLowerCase();
  return SERVED_AS_DECLARED.has(type) ? type : BYTES;
}

/**
 * Headers every download carries: saved, never shown in place; never sniffed into another type; and if a browser
 * shows it anyway, in an origin of its own with no script and nothing loaded.
 */
export const downloadHeaders = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; sandbox",
} as const;
