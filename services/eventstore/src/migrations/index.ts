import type { MigrationSet } from "../migrator.ts";
import * as events from "./0001-events.ts";

export const eventStoreMigrations: MigrationSet = { owner: "eventstore", migrations: { "0001-events": events } };
