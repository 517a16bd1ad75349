import type { ColumnType } from "kysely";
import type { EventStoreTables } from "@procure/eventstore";

type Json<T> = ColumnType<T, string, string>;

export interface UsersRow {
  id: string;
  email: string;
  role: string;
  active: boolean;
  created_at: string;
  version: number;
}

export interface RequestsRow {
  id: string;
  title: string;
  status: string;
  amount: number;
  /** The request's lines as its events carry them; `amount` is their sum. */
  lines: Json<{ description: string; quantity: number; unit_price: number; catalogue_item_id: string | null }[]>;
  description: string | null;
  category_id: string | null;
  category_name: string | null;
  vendor_id: string | null;
  vendor_name: string | null;
  po_number: string | null;
  order_id: string | null;
  decision_comment: string | null;
  priority: string;
  needed_by: string | null;
  /** The approvals queue's order (`queueKey`); not part of the request as the API answers it. */
  queue_key: string;
  requester_id: string;
  requester_email: string;
  rule_id: string | null;
  stages: Json<{ role: string; status: string; decided_by: string | null; decided_at: string | null }[]>;
  current_stage_role: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface RequestCommentsRow {
  id: string;
  request_id: string;
  body: string;
  author: string;
  author_id: string;
  created_at: string;
}

/** One line of a timeline: who did what, and the status it moved from and to. */
export interface TimelineFields {
  id: string;
  stream_version: number;
  action: string;
  actor_email: string | null;
  actor_role: string | null;
  from_status: string | null;
  to_status: string | null;
  detail: string | null;
  created_at: string;
}

export interface RequestAuditRow extends TimelineFields {
  request_id: string;
  actor_id: string | null;
}

export interface RequestFilesRow {
  id: string;
  request_id: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  storage_key: string;
  uploaded_by: string;
  created_at: string;
}

export interface InboxRequestsRow {
  request_id: string;
  requester_id: string;
  title: string;
  status: string;
  /** The role of each stage, in order, as routed when the request was raised. */
  route: Json<string[]>;
  /** The stage that waits; null when none does (unrouted, or decided). */
  stage_index: number | null;
  order_id: string | null;
  version: number;
}

export interface InboxOrdersRow {
  order_id: string;
  title: string;
  status: string;
  version: number;
}

/** A member as the inbox has folded them: whose work they may take. */
export interface InboxMembersRow {
  user_id: string;
  role: string;
  active: boolean;
  version: number;
}

/** One thing waiting for one user. */
export interface InboxItemsRow {
  user_id: string;
  kind: string;
  subject_id: string;
  title: string;
  since: string;
  position: string;
}

/** How many things of one kind wait for one user (kept by a trigger on the items). */
export interface InboxCountsRow {
  user_id: string;
  kind: string;
  n: number;
}

export interface CountersRow {
  name: string;
  value: number;
}

export interface ReadModelTables {
  rm_users: UsersRow;
  rm_requests: RequestsRow;
  rm_request_comments: RequestCommentsRow;
  rm_request_audit: RequestAuditRow;
  rm_request_files: RequestFilesRow;
  rm_inbox_requests: InboxRequestsRow;
  rm_inbox_orders: InboxOrdersRow;
  rm_inbox_items: InboxItemsRow;
  rm_inbox_members: InboxMembersRow;
  rm_inbox_counts: InboxCountsRow;
  rm_counters: CountersRow;
}

export type Database = EventStoreTables & ReadModelTables;
