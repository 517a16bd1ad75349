import { SectionGuard } from "@/app/guards/section-guard";
import { InvoicesPage } from "@/features/invoices/components/invoices-page";

export function Component() {
  return (
    <SectionGuard section="invoices">
      <InvoicesPage />
    </SectionGuard>
  );
}
