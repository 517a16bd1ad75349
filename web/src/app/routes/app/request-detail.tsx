import { useParams } from "react-router-dom";
import { RequestDetailDrawer } from "@/features/requests/components/request-detail-drawer";
import { useMarkSeenOnOpen } from "@/features/inbox/api/use-mark-seen-on-open";

export function Component() {
  const { id = "" } = useParams();
  useMarkSeenOnOpen(id);
  return <RequestDetailDrawer />;
}
