import { describe, expect, it } from "vitest";
import type { NewEvent } from "@procure/contracts";
import { DomainError } from "./domain-error.ts";
import { changeVendor, evolveVendor, initialVendorState, registerVendor, vendorNameStreamId, type VendorState } from "./vendor.ts";

const details = { risk: "medium" as const, website: null, notes: null, renewal_date: null };
const registered = (status: "active" | "blocked" = "active") =>
  registerVendor({ vendorId: "11111111-1111-4111-8111-111111111111", name: "Acme Ltd", status, ...details }, false);
const stateOf = (events: NewEvent[]): VendorState => events.reduce(evolveVendor, initialVendorState);

describe("vendor decider", () => {
  it("registers a vendor and reserves its name", () => {
    const { vendorEvents, nameEvents } = registered();
    expect(vendorEvents.map((e) => e.type)).toEqual(["VendorRegistered"]);
    expect(nameEvents).toEqual([{ type: "VendorNameReserved", data: { name: "Acme Ltd", vendor_id: "11111111-1111-4111-8111-111111111111" } }]);
    expect(stateOf(vendorEvents)).toMatchObject({ exists: true, name: "Acme Ltd", status: "active", risk: "medium" });
  });

  it("refuses a name already reserved, and folds names without case or extra spaces", () => {
    expect(() => registerVendor({ vendorId: "x", name: "Acme", status: "active", ...details }, true)).toThrow(/already exists/);
    expect(vendorNameStreamId("  ACME   Ltd ")).toBe(vendorNameStreamId("acme ltd"));
  });

  it("turns the drawer's save into detail and status events of their own", () => {
    const state = stateOf(registered().vendorEvents);
    const events = changeVendor(state, { notes: "Late twice", risk: "high", status: "blocked", reason: "Late deliveries" });
    expect(events.map((e) => e.type)).toEqual(["VendorUpdated", "VendorBlocked"]);
    expect(events[0]!.data).toMatchObject({ notes: "Late twice", risk: "high", website: null });
    expect(events[1]!.data).toMatchObject({ reason: "Late deliveries" });
    const blocked = stateOf([...registered().vendorEvents, ...events]);
    expect(blocked).toMatchObject({ status: "blocked", notes: "Late twice", risk: "high" });
    expect(changeVendor(blocked, { status: "active" }).map((e) => e.type)).toEqual(["VendorUnblocked"]);
  });

  it("emits nothing when nothing changes, and refuses an unknown vendor", () => {
    const state = stateOf(registered().vendorEvents);
    expect(changeVendor(state, { status: "active", risk: "medium", notes: null })).toEqual([]);
    expect(() => changeVendor(initialVendorState, { notes: "x" })).toThrow(DomainError);
  });
});
