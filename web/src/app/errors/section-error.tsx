import { useLocation, useRouteError } from "react-router-dom";
import { EmptyState } from "@/components/ui/empty-state";
import { isLoadFailure } from "./load-failure";
import { useReloadWhenReachable, type ReloadState } from "./use-reload-when-reachable";

const loadFailureText: Record<ReloadState, { title: string; body: string }> = {
  checking: { title: "This part of Procure could not be loaded.", body: "Checking whether the server answers…" },
  reloading: { title: "This part of Procure could not be loaded.", body: "A new version was released: loading it…" },
  unreachable: {
    title: "The server cannot be reached.",
    body: "This part of Procure is not loaded yet. Everything else stays open; trying again by itself, and loading it as soon as the server answers.",
  },
  stuck: { title: "This part of Procure could not be loaded.", body: "The server answers, but this part still fails to load. Reload to try again." },
};

const reloadPage = () => window.location.reload();

/**
 * Shown inside the workspace shell when a section fails: the navigation stays usable. A section whose code could not
 * be fetched reloads by itself once the server answers, and says so while it does not.
 */
export function SectionError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const loadFailure = isLoadFailure(error);
  const reloadState = useReloadWhenReachable(loadFailure, pathname, reloadPage);
  const text = loadFailure
    ? loadFailureText[reloadState]
    : { title: "Something went wrong on this screen.", body: "Reload the page; if it happens again, the other sections still work." };

  return (
    <div className="card" role="alert">
      <EmptyState icon="⚠" title={text.title}>
        <p className="muted" aria-live="polite">
          {text.body}
        </p>
        {loadFailure && reloadState === "unreachable" ? null : (
          <button type="button" className="btn btn-primary" onClick={reloadPage}>
            Reload
          </button>
        )}
      </EmptyState>
    </div>
  );
}
