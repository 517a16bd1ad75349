import { describe, expect, it } from "vitest";
import { createWorkOrderBody } from "@procure/contracts";
import { evolveWorkOrder, initialWorkOrderState, submitWorkOrder, updateWorkOrder, workOrderCode } from "./work-order.ts";

const form = createWorkOrderBody.parse({ title: "Fix", requesterName: "Ann", requesterEmail: "ann@example.com" });
const submitted = () => submitWorkOrder("ABC234", form).reduce(evolveWorkOrder, initialWorkOrderState);

describe("work orders", () => {
  it("makes short codes from unambiguous characters", () => {
    const code = workOrderCode(new Uint8Array([0, 1, 2, 29, 30, 255]));
    expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{6}$/);
    expect(code.slice(0, 4)).toBe("234Z");
  });

  it("submits with the form's values, status submitted and no owner", () => {
    expect(submitted()).toEqual({ exists: true, id: "ABC234", status: "submitted", ownerId: null });
  });

  it("records an assignment and a status change as separate timeline events, repeats as nothing", () => {
    const state = submitted();
    const events = updateWorkOrder(state, { owner: { id: "u1", email: "b@example.com" }, status: "triaged", note: "On it" });
    expect(events.map((e) => e.type)).toEqual(["WorkOrderAssigned", "WorkOrderStatusChanged"]);
    expect(events[1]?.data).toMatchObject({ from_status: "submitted", to_status: "triaged", note: "On it" });
    const after = events.reduce(evolveWorkOrder, state);
    expect(updateWorkOrder(after, { owner: { id: "u1", email: "b@example.com" }, status: "triaged" })).toEqual([]);
    expect(updateWorkOrder(after, { owner: null })[0]).toMatchObject({ type: "WorkOrderAssigned", data: { owner_id: null } });
  });

  it("cannot change a work order that does not exist", () => {
    expect(() => updateWorkOrder(initialWorkOrderState, { status: "triaged" })).toThrow(/not found/);
  });
});
