import type { ColumnType } from "kysely";

export interface WebhookEndpointsRow {
  id: string;
  url: string;
  description: string | null;
  event_types: ColumnType<string[], string, string>;
  enabled: boolean;
  disabled_reason: string | null;
  deleted: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

declare module "../tables.ts" {
  interface ReadModelTables {
    rm_webhook_endpoints: WebhookEndpointsRow;
  }
}
