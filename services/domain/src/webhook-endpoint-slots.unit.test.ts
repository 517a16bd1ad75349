import { describe, expect, it } from "vitest";
import type { NewEvent } from "@procure/contracts";
import { webhookSlotsDecider as slots, type WebhookSlotsState } from "./webhook-endpoint-slots.ts";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const context = { actor: null, now: "2026-01-01T00:00:00.000Z", id: "" };
const fold = (state: WebhookSlotsState, events: NewEvent[]) => events.reduce(slots.evolve, state);
const take = (state: WebhookSlotsState, n: number, heldBefore: number[] = []) =>
  slots.decide(state, { type: "TakeWebhookEndpointSlots", endpoint_ids: [id(n)], limit: 3, held_before: heldBefore.map(id) }, context);

describe("webhook endpoint slots", () => {
  it("counts the endpoints made before the stream with the first create, then only its own events", () => {
    const first = take(slots.initialState, 9, [1, 2]);
    expect(first.map((e) => (e.data as { endpoint_id: string }).endpoint_id)).toEqual([id(1), id(2), id(9)]);
    const full = fold(slots.initialState, first);
    expect(() => take(full, 10, [])).toThrow(/at most 3 webhook endpoints, and this one has 3/);
    expect(() => take(slots.initialState, 10, [1, 2, 3])).toThrow(/at most 3/);
  });

  it("frees the slot of a deleted endpoint once, and of an unknown one never", () => {
    const full = fold(slots.initialState, take(slots.initialState, 3, [1, 2]));
    const freed = slots.decide(full, { type: "FreeWebhookEndpointSlot", endpoint_id: id(1) }, context);
    expect(freed).toHaveLength(1);
    const after = fold(full, freed);
    expect(slots.decide(after, { type: "FreeWebhookEndpointSlot", endpoint_id: id(1) }, context)).toEqual([]);
    expect(take(after, 4)).toHaveLength(1);
  });
});
