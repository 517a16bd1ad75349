import type { MigrationSet } from "@procure/eventstore";
import * as requestReadModels from "./0001-request-read-models.ts";

export const readModelMigrations: MigrationSet = {
  owner: "projections",
  migrations: { "0001-request-read-models": requestReadModels },
};
