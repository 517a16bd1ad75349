import { WorkOrderSection } from "./work-order-section";
import { RoleHandbook } from "./role-handbook";
import { AccessSection } from "./access-section";
import { AppLinksSection } from "./app-links-section";

/**
 * The landing page's sections under the first screen, in their own chunk: the hero paints without waiting for the
 * work order form or the role handbook.
 */
export default function BelowTheFold() {
  return (
    <>
      <WorkOrderSection />
      <RoleHandbook />
      <AccessSection />
      <AppLinksSection />
    </>
  );
}
