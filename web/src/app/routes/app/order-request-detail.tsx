import { paths } from "@/config/paths";
import { RequestDetailDrawer } from "@/features/requests/components/request-detail-drawer";

export function Component() {
  return <RequestDetailDrawer closeTo={paths.app.purchaseOrders.getHref()} />;
}
