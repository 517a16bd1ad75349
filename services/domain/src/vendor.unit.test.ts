import { describe, expect, it } from "vitest";
import type { NewEvent, VendorCommand } from "@procure/contracts";
import { DomainError } from "./domain-error.ts";
import { evolveVendor, initialVendorState, vendorDecider, vendorNameDecider, vendorNameStreamId, type VendorState } from "./vendor.ts";

const vendorId = "11111111-1111-4111-8111-111111111111";
const context = { actor: null, now: "2026-01-01T00:00:00.000Z", id: vendorId };
const details = { risk: "medium" as const, website: null, notes: null, renewal_date: null };
const decide = (state: VendorState, command: VendorCommand) => vendorDecider.decide(state, command, context);
const registered = (status: "active" | "blocked" = "active") =>
  decide(initialVendorState, { type: "RegisterVendor", vendor: { vendor_id: vendorId, name: "Acme Ltd", status, ...details } });
const stateOf = (events: NewEvent[]): VendorState => events.reduce(evolveVendor, initialVendorState);
const change = (state: VendorState, changes: Extract<VendorCommand, { type: "ChangeVendor" }>["changes"]) => decide(state, { type: "ChangeVendor", changes });

describe("vendor decider", () => {
  it("registers a vendor, once", () => {
    expect(registered().map((e) => e.type)).toEqual(["VendorRegistered"]);
    expect(stateOf(registered())).toMatchObject({ exists: true, name: "Acme Ltd", status: "active", risk: "medium" });
    expect(() =>
      decide(stateOf(registered()), { type: "RegisterVendor", vendor: { vendor_id: vendorId, name: "Acme Ltd", status: "active", ...details } }),
    ).toThrow(/already exists/);
  });

  it("reserves a name once, and folds names without case or extra spaces", () => {
    const reserve = { type: "ReserveVendorName" as const, name: "Acme", vendor_id: vendorId };
    const reserved = vendorNameDecider.decide(vendorNameDecider.initialState, reserve, context);
    expect(reserved).toEqual([{ type: "VendorNameReserved", data: { name: "Acme", vendor_id: vendorId } }]);
    const held = reserved.reduce(vendorNameDecider.evolve, vendorNameDecider.initialState);
    expect(() => vendorNameDecider.decide(held, { ...reserve, vendor_id: "22222222-2222-4222-8222-222222222222" }, context)).toThrow(/already exists/);
    expect(vendorNameStreamId("  ACME   Ltd ")).toBe(vendorNameStreamId("acme ltd"));
  });

  it("turns the drawer's save into detail and status events of their own", () => {
    const state = stateOf(registered());
    const events = change(state, { notes: "Late twice", risk: "high", status: "blocked", reason: "Late deliveries" });
    expect(events.map((e) => e.type)).toEqual(["VendorUpdated", "VendorBlocked"]);
    expect(events[0]!.data).toMatchObject({ notes: "Late twice", risk: "high", website: null });
    expect(events[1]!.data).toMatchObject({ reason: "Late deliveries" });
    const blocked = stateOf([...registered(), ...events]);
    expect(blocked).toMatchObject({ status: "blocked", notes: "Late twice", risk: "high" });
    expect(change(blocked, { status: "active" }).map((e) => e.type)).toEqual(["VendorUnblocked"]);
  });

  it("emits nothing when nothing changes, and refuses an unknown vendor", () => {
    const state = stateOf(registered());
    expect(change(state, { status: "active", risk: "medium", notes: null })).toEqual([]);
    expect(() => change(initialVendorState, { notes: "x" })).toThrow(DomainError);
  });
});
