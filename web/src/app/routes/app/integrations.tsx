import { SectionGuard } from "@/app/guards/section-guard";
import { IntegrationsPage } from "@/features/integrations/components/integrations-page";

export function Component() {
  return (
    <SectionGuard section="integrations">
      <IntegrationsPage />
    </SectionGuard>
  );
}
