import { SectionGuard } from "@/app/guards/section-guard";
import { SettingsPage } from "@/features/settings/components/settings-page";

export function Component() {
  return (
    <SectionGuard section="settings">
      <SettingsPage />
    </SectionGuard>
  );
}
