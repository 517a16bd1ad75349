import { prepareMigratedTemplate } from "./migrated-template.ts";

/** Once per integration run: the migrated template the files' databases are copied from. */
export default function setup() {
  return prepareMigratedTemplate();
}
