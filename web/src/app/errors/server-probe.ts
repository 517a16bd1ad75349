/** How long one probe may take before the server counts as unreachable. */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Whether a reload of this page would load: the page itself is asked for, uncached. Anything but a page (no answer,
 * or a proxy's error while the server is away) means a reload would leave the tab on the browser's error screen.
 */
export async function serverAnswers(url: string = window.location.href, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(url, { method: "GET", cache: "no-store", credentials: "same-origin", signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return response.ok;
  } catch {
    return false;
  }
}

/** Waits between probes: 2 s, doubling, at most 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(30_000, 2_000 * 2 ** attempt);
}
