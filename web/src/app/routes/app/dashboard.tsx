import { SectionPlaceholder } from "./section-placeholder";

export function Component() {
  return <SectionPlaceholder name="The dashboard" />;
}
