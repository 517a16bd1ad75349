import { useEffect } from "react";
import { WorkOrderSection } from "./work-order-section";
import { RoleHandbook } from "./role-handbook";
import { AccessSection } from "./access-section";
import { AppLinksSection } from "./app-links-section";

/**
 * The landing page's sections under the first screen, in their own chunk: the hero paints without waiting for the
 * work order form or the role handbook. `onShown` lets the page scroll to an anchor that lives in here.
 */
export default function BelowTheFold({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return (
    <>
      <WorkOrderSection />
      <RoleHandbook />
      <AccessSection />
      <AppLinksSection />
    </>
  );
}
