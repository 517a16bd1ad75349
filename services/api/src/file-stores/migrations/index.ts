import type { MigrationSet } from "@procure/eventstore";
import * as storedFiles from "./20261127T0700-stored-files.ts";

/** Tables of the Postgres file store. */
export const fileStoreMigrations: MigrationSet = {
  "20261127T0700-stored-files": storedFiles,
};
