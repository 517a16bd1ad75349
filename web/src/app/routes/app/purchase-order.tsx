import { SectionGuard } from "@/app/guards/section-guard";
import { OrderPage } from "@/features/purchase-orders/components/order-page";

export function Component() {
  return (
    <SectionGuard section="purchase-orders">
      <OrderPage />
    </SectionGuard>
  );
}
