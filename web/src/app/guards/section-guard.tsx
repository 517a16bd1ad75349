import type { ReactNode } from "react";
import { Navigate } from "react-router-dom";
import { canSee, type Section } from "@procure/contracts";
import { paths } from "@/config/paths";
import { useSession } from "@/lib/auth";

/** Client-side only: a section the role may not see sends the user to the workspace home. */
export function SectionGuard({ section, children }: { section: Section; children: ReactNode }) {
  const { role } = useSession();
  if (!canSee(role, section)) return <Navigate to={paths.app.root.getHref()} replace />;
  return <>{children}</>;
}
