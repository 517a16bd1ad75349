/** What browsers say when a lazily loaded part of the client cannot be fetched: the server is down or redeployed. */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading chunk \S+ failed/i;

export function isLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return CHUNK_FAILURE.test(message);
}

const RELOADED_KEY = "procure:reloaded-for";
const RELOAD_WINDOW_MS = 30_000;

/**
 * After a deploy an open tab asks for files that no longer exist; one reload fetches the new ones. Only once per
 * page within half a minute, so a server that is down does not make the tab reload forever.
 */
export function shouldReloadFor(path: string, storage: Pick<Storage, "getItem" | "setItem"> = sessionStorage, now = Date.now()): boolean {
  try {
    const last = JSON.parse(storage.getItem(RELOADED_KEY) ?? "null") as { path: string; at: number } | null;
    if (last && last.path === path && now - last.at < RELOAD_WINDOW_MS) return false;
    storage.setItem(RELOADED_KEY, JSON.stringify({ path, at: now }));
    return true;
  } catch {
    return false;
  }
}
