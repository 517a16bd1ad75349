import { SectionGuard } from "@/app/guards/section-guard";
import { PurchaseOrdersPage } from "@/features/purchase-orders/components/purchase-orders-page";

export function Component() {
  return (
    <SectionGuard section="purchase-orders">
      <PurchaseOrdersPage />
    </SectionGuard>
  );
}
