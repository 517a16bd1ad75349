import type { ColumnType, Generated } from "kysely";

export interface EventsTable {
  global_position: Generated<string>;
  event_id: string;
  stream_type: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: ColumnType<unknown, string, string>;
  metadata: ColumnType<unknown, string, string>;
  recorded_at: ColumnType<string, string, string>;
  transaction_id: Generated<string>;
  hash: string;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response: ColumnType<unknown, string | null, string | null>;
  created_at: ColumnType<string, string, string>;
}

export interface CheckpointsTable {
  name: string;
  version: number;
  tx: string;
  pos: string;
  updated_at: ColumnType<string, string, string>;
}

export interface EventStoreTables {
  events: EventsTable;
  idempotency_keys: IdempotencyKeysTable;
  checkpoints: CheckpointsTable;
}
