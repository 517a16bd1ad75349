/**
 * Answers index.html's first script asked for while the code was still downloading (see `build/first-load.ts`):
 * the first screen's calls take them instead of asking again, once each and only early in the page's life, so a
 * later call never gets an old answer.
 */
type EarlyAnswers = { token: string; answers: Record<string, Promise<Response> | undefined> };

declare global {
  interface Window {
    __procureEarly?: EarlyAnswers;
  }
}

/** Past this, whatever was not taken is dropped: a screen opened later asks afresh. */
const FRESH_MS = 10_000;

export function takeEarlyAnswer(path: string, token: string): Promise<Response> | null {
  const early = typeof window === "undefined" ? undefined : window.__procureEarly;
  if (!early) return null;
  if (early.token !== token || performance.now() > FRESH_MS) {
    delete window.__procureEarly;
    return null;
  }
  const answer = early.answers[path];
  delete early.answers[path];
  return answer ?? null;
}
