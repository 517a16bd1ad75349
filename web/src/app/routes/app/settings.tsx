import { can } from "@procure/contracts";
import { SectionGuard } from "@/app/guards/section-guard";
import { useSession } from "@/lib/auth";
import { SettingsPage } from "@/features/settings/components/settings-page";
import { SettingsTransferCard } from "@/features/settings/components/settings-transfer";
import { ControlsSettingsCard } from "@/features/settings/components/controls-settings-card";
import { NotificationPreferences } from "@/features/notifications/components/notification-preferences";
import { OutboxTable } from "@/features/notifications/components/outbox-table";
import { DiligenceSettingsCard } from "@/features/vendors/components/diligence-settings";
import { MatchingSettingsCard } from "@/features/invoices/components/matching-settings-card";

export function Component() {
  const { role } = useSession();
  return (
    <SectionGuard section="settings">
      <div className="stack">
        <NotificationPreferences />
        <SettingsPage />
        {can(role, "settings:manage") ? <DiligenceSettingsCard /> : null}
        {can(role, "settings:manage") ? <MatchingSettingsCard /> : null}
        {can(role, "settings:manage") ? <ControlsSettingsCard /> : null}
        {can(role, "settings:manage") ? <SettingsTransferCard /> : null}
        {can(role, "notifications:manage") ? <OutboxTable /> : null}
      </div>
    </SectionGuard>
  );
}
