import { IntakeChecklist } from "@/features/checklist/components/intake-checklist";

export function Component() {
  return <IntakeChecklist />;
}
