import { SectionGuard } from "@/app/guards/section-guard";
import { ApprovalsPage } from "@/features/approvals/components/approvals-page";

export function Component() {
  return (
    <SectionGuard section="approvals">
      <ApprovalsPage />
    </SectionGuard>
  );
}
