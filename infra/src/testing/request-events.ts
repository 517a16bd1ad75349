import { randomUUID } from "node:crypto";
import type { EventData, NewEvent } from "@procure/contracts";

type Requester = { id: string; email: string };

/**
 * A `RequestCreated` as a test or the bench appends it straight into the log (a release before a rule existed, a
 * figure the API would now refuse, thousands of rows without the API's cost): an uncategorised request of normal
 * priority with no vendor, no rule and no stages unless `fields` says otherwise.
 */
export function requestCreatedData(requester: Requester, fields: Partial<EventData<"RequestCreated">> = {}): EventData<"RequestCreated"> {
  return {
    request_id: randomUUID(),
    title: "Request",
    amount: 1,
    description: null,
    category_id: null,
    category_name: null,
    vendor_id: null,
    vendor_name: null,
    priority: "normal",
    needed_by: null,
    requester_id: requester.id,
    requester_email: requester.email,
    rule_id: null,
    stages: [],
    ...fields,
  };
}

export const requestCreated = (requester: Requester, fields: Partial<EventData<"RequestCreated">> = {}): NewEvent<"RequestCreated"> => ({
  type: "RequestCreated",
  data: requestCreatedData(requester, fields),
});
