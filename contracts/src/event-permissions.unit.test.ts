import { describe, expect, it } from "vitest";
import { publicEventTypes } from "./public-events.ts";
import { readableEventTypes } from "./event-permissions.ts";
import { can, roles } from "./roles.ts";

describe("event permissions", () => {
  it("lets whoever manages webhooks read every public type, since deliveries are not filtered by role", () => {
    for (const r of roles.filter((r) => can(r, "webhooks:manage"))) expect(readableEventTypes(r)).toEqual(publicEventTypes);
  });

  it("never shows a requester other people's requests", () => {
    expect(readableEventTypes("requester").filter((type) => type.startsWith("request."))).toEqual([]);
  });
});
