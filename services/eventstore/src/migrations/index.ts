import type { MigrationSet } from "../migrator.ts";
import * as events from "./0001-events.ts";

export const eventStoreMigrations: MigrationSet = { "00-eventstore/0001-events": events };
