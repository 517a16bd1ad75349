import { can } from "@procure/contracts";
import { SectionGuard } from "@/app/guards/section-guard";
import { useSession } from "@/lib/auth";
import { AuditExport } from "@/features/audit/components/audit-export";
import { IntegrationsPage } from "@/features/integrations/components/integrations-page";
import { AutomationWebhooks } from "@/features/webhooks/components/automation-webhooks";

export function Component() {
  const { role } = useSession();
  const automation = {
    webhooks: can(role, "webhooks:manage") ? <AutomationWebhooks /> : null,
    auditExport: can(role, "audit:verify") ? <AuditExport /> : null,
  };
  return (
    <SectionGuard section="integrations">
      <IntegrationsPage automation={automation} />
    </SectionGuard>
  );
}
