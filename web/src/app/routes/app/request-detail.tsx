import { RequestDetailDrawer } from "@/features/requests/components/request-detail-drawer";

export function Component() {
  return <RequestDetailDrawer />;
}
