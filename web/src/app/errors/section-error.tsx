import { useEffect } from "react";
import { useLocation, useRouteError } from "react-router-dom";
import { EmptyState } from "@/components/ui/empty-state";
import { isLoadFailure, shouldReloadFor } from "./load-failure";

/**
 * Shown inside the workspace shell when a section fails: the navigation stays usable, and a section whose code
 * could not be fetched (a deploy replaced it, or the server is away) reloads once by itself or on request.
 */
export function SectionError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const loadFailure = isLoadFailure(error);

  useEffect(() => {
    if (loadFailure && navigator.onLine && shouldReloadFor(pathname)) window.location.reload();
  }, [loadFailure, pathname]);

  return (
    <div className="card" role="alert">
      <EmptyState icon="⚠" title={loadFailure ? "This part of Procure could not be loaded." : "Something went wrong on this screen."}>
        <p className="muted">
          {loadFailure
            ? "The server may be restarting or a new version was just released. Reload to continue."
            : "Reload the page; if it happens again, the other sections still work."}
        </p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </EmptyState>
    </div>
  );
}
