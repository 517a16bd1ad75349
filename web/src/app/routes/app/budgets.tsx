import { SectionGuard } from "@/app/guards/section-guard";
import { BudgetsPage } from "@/features/budgets/components/budgets-page";

export function Component() {
  return (
    <SectionGuard section="budgets">
      <BudgetsPage />
    </SectionGuard>
  );
}
