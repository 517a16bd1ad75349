import type { FastifyReply, FastifyRequest } from "fastify";
import { errorCodes } from "@procure/contracts";
import type { AppDeps } from "../deps.ts";
import { HttpError } from "../plugins/errors.ts";
import { declaredContentType, downloadHeaders, servedContentType } from "./content-types.ts";

export type ReceivedFile = { filename: string; contentType: string; size: number; sha256: string; storageKey: string };

/** An upload as the event that records it carries it, under the id it is known by from now on. */
export const storedFileOf = (received: ReceivedFile, fileId: string) => ({
  file_id: fileId,
  filename: received.filename,
  content_type: received.contentType,
  size: received.size,
  sha256: received.sha256,
  storage_key: received.storageKey,
});

/**
 * One uploaded file from a multipart body, its bytes streamed into the file store as they arrive, with the text fields sent beside
 * it (before or after the file). At most one file, in a field named `file`, under the upload limit.
 */
export async function receiveUpload(deps: AppDeps, request: FastifyRequest): Promise<{ file: ReceivedFile; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new HttpError(400, errorCodes.validation, "Send the file as multipart/form-data in a field named file.");
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: deps.env.UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1_000 } })) {
      if (part.type === "field") fields[part.fieldname] = String(part.value);
      else if (part.fieldname !== "file" || file) part.file.resume();
      else {
        const contentType = declaredContentType(part.mimetype);
        const stored = await deps.files.save(part.file, deps.env.UPLOAD_MAX_BYTES);
        file = { filename: storedName(part.filename), contentType, size: stored.size, sha256: stored.sha256, storageKey: stored.storageKey };
      }
    }
  } catch (error) {
    if (file) await deps.files.remove(file.storageKey);
    throw error;
  }
  if (!file) throw new HttpError(400, errorCodes.validation, "Choose a file to upload.");
  return { file, fields };
}

/** A file name safe to store and to send back in a header. */
function storedName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what a stored file name must not hold
  return name.replace(/[\\/\u0000-\u001f]/g, "_").slice(0, 255) || "file";
}

/**
 * Runs the command that records an upload; if it fails, nothing refers to the bytes, so they go.
 */
export async function recordUpload<T>(deps: AppDeps, file: ReceivedFile, record: () => Promise<T>): Promise<T> {
  try {
    return await record();
  } catch (error) {
    await deps.files.remove(file.storageKey);
    throw error;
  }
}

/** Sends a stored file as a download that the browser never runs in the product's origin. */
export async function sendStoredFile(
  deps: AppDeps,
  reply: FastifyReply,
  row: { storage_key: string; filename: string; content_type: string; size: number } | null | undefined,
  missing: string,
) {
  const content = row ? await deps.files.open(row.storage_key) : null;
  if (!row || !content) throw new HttpError(404, "not_found", missing);
  const asciiName = row.filename.replace(/[^\x20-\x7e]/g, "_").replace(/"/g, "'");
  return reply
    .headers(downloadHeaders)
    .header("content-type", servedContentType(row.content_type))
    .header("content-length", String(row.size))
    .header("content-disposition", `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(row.filename)}`)
    .send(content);
}
