import { SectionGuard } from "@/app/guards/section-guard";
import { RequestsPage } from "@/features/requests/components/requests-page";

export function Component() {
  return (
    <SectionGuard section="requests">
      <RequestsPage />
    </SectionGuard>
  );
}
