import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { paths } from "@/config/paths";
import { useSession } from "@/lib/auth";
import { Spinner } from "@/components/ui/spinner";

export function SessionGuard({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();

  if (status === "checking") {
    return (
      <div className="session-check" role="status" aria-live="polite">
        <Spinner />
        <span>Verifying session…</span>
      </div>
    );
  }
  if (status === "unauthenticated") {
    return <Navigate to={paths.auth.login.getHref(location.pathname + location.search)} replace />;
  }
  return <>{children}</>;
}
