import { useEffect, useState } from "react";
import { retryDelay, serverAnswers } from "./server-probe";
import { shouldReloadFor } from "./load-failure";

/** `unreachable`: the server does not answer and is asked again; `stuck`: it answers but a reload did not help. */
export type ReloadState = "checking" | "unreachable" | "reloading" | "stuck";

/**
 * For a section whose code could not be fetched: reloads once the server answers (a deploy replaced the files, or an
 * outage is over), and never into the browser's "site can't be reached" while it does not. Asks again with backoff,
 * and at once when the browser is back online.
 */
export function useReloadWhenReachable(active: boolean, pathname: string, reload: () => void = () => window.location.reload()): ReloadState {
  const [state, setState] = useState<ReloadState>("checking");

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const probe = async () => {
      clearTimeout(timer);
      if (stopped) return;
      if (navigator.onLine && (await serverAnswers())) {
        if (stopped) return;
        if (shouldReloadFor(pathname)) {
          setState("reloading");
          reload();
        } else setState("stuck");
        return;
      }
      if (stopped) return;
      setState("unreachable");
      timer = setTimeout(() => void probe(), retryDelay(attempt++));
    };
    const retryNow = () => {
      attempt = 0;
      void probe();
    };
    window.addEventListener("online", retryNow);
    void probe();
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener("online", retryNow);
    };
  }, [active, pathname, reload]);

  return state;
}
