import { SectionGuard } from "@/app/guards/section-guard";
import { CataloguePage } from "@/features/catalogue/components/catalogue-page";

export function Component() {
  return (
    <SectionGuard section="catalogue">
      <CataloguePage />
    </SectionGuard>
  );
}
