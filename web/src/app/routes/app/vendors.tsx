import { SectionGuard } from "@/app/guards/section-guard";
import { VendorsPage } from "@/features/vendors/components/vendors-page";

export function Component() {
  return (
    <SectionGuard section="vendors">
      <VendorsPage />
    </SectionGuard>
  );
}
