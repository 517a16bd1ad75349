import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { EmptyState } from "@/components/ui/empty-state";

/** Stands in for the screens of the next delivery so navigation and role redirects already work end to end. */
export function SectionPlaceholder({ name }: { name: string }) {
  return (
    <div className="card">
      <EmptyState icon="🛠" title={`${name} is on its way.`}>
        <span className="subtle">This part of the workspace is being built. Requests and approvals are ready to use.</span>
        <Link className="btn btn-sm" to={paths.app.requests.getHref()}>
          Go to requests
        </Link>
      </EmptyState>
    </div>
  );
}
