import type { EventData } from "@procure/contracts";

/** A new request's data for the deciders' tests: a $100 desk, uncategorised, routed to `stages` when given. */
export const requestData = (
  requester: { id: string; email: string },
  fields: Partial<EventData<"RequestCreated">> & Pick<EventData<"RequestCreated">, "request_id">,
): EventData<"RequestCreated"> => ({
  title: "Desk",
  amount: 100,
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
});
