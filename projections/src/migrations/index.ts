import type { MigrationSet } from "@procure/eventstore";
import * as requestReadModels from "./0001-request-read-models.ts";
import { purchasingMigrations } from "../purchasing/index.ts";
import { catalogueMigrations } from "../catalogue/index.ts";

export const readModelMigrations: MigrationSet = {
  owner: "projections",
  migrations: {
    "0001-request-read-models": requestReadModels,
    ...Object.fromEntries(Object.entries(purchasingMigrations).map(([name, m]) => [`purchasing-${name}`, m])),
    ...Object.fromEntries(Object.entries(catalogueMigrations).map(([name, m]) => [`catalogue-${name}`, m])),
  },
};
