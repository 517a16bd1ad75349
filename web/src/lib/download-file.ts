import { api } from "@/lib/api-client";

/** The file url needs the bearer header, so it is fetched as a blob and saved through a temporary object URL. */
export async function downloadFile(url: string, filename: string): Promise<void> {
  const blob = await api.blob(url);
  const objectUrl = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = objectUrl;
  anchor.download = filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
}
