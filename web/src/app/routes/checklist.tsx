import { ChecklistPage } from "@/features/checklist/components/checklist-page";

export function Component() {
  return <ChecklistPage />;
}
