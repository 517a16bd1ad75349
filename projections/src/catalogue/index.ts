import type { Migration } from "kysely/migration";
import type { Projection } from "../projection.ts";

export const catalogueProjections: readonly Projection[] = [];
/** Read-model tables of this feature, named "NNNN-what" and applied after the request read models. */
export const catalogueMigrations: Record<string, Migration> = {};
