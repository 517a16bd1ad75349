import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { eventFeedItem, purchaseRequest } from "@procure/contracts";
import { startTestApp, type TestApp } from "@procure/infra/testing/test-app";
import { createUsers, type TestUser } from "@procure/infra/testing/users";
import { expectCall } from "@procure/infra/testing/http";
import { encodeFeedCursor } from "./feed-cursor.ts";

let t: TestApp;
let users: Record<"requester" | "approver" | "buyer" | "finance" | "admin", TestUser>;
beforeAll(async () => {
  t = await startTestApp("request-changes-feed");
  users = await createUsers(t);
});
afterAll(async () => {
  await t?.stop();
});

describe("a requester's own changes in the public event feed", () => {
  it("lists an edit, a withdrawal and a resubmission with their public names and payloads, and filters by them", async () => {
    const from = encodeFeedCursor(await t.runtime.store.headPosition());
    const requester = { token: users.requester.token };
    const request = await expectCall(t, "POST", "/api/requests", {
      ...requester,
      body: { title: "Desk lamp", amount: 40 },
      status: 201,
      schema: purchaseRequest,
    });
    await expectCall(t, "PUT", `/api/requests/${request.id}`, { ...requester, body: { title: "Desk lamps", amount: 80 }, status: 200 });
    await expectCall(t, "POST", `/api/requests/${request.id}/withdraw`, { ...requester, body: { reason: "Found spares" }, status: 200 });
    await expectCall(t, "POST", `/api/requests/${request.id}/resubmit`, { ...requester, body: { title: "Desk lamps", amount: 60 }, status: 200 });

    const feed = async (types = "") => {
      const res = await t.call("GET", `/api/events?limit=1000&after=${from}${types}`, { token: users.finance.token });
      expect(res.statusCode, res.body).toBe(200);
      return z
        .array(eventFeedItem)
        .parse(res.json())
        .filter((e) => e.data.request_id === request.id);
    };
    // A page stops below any transaction still running that could yet commit an earlier event: one may be open a moment.
    await expect.poll(async () => (await feed()).map((e) => e.type)).toEqual(["request.created", "request.edited", "request.withdrawn", "request.resubmitted"]);
    const [edited, withdrawn, resubmitted] = (await feed("&types=request.edited,request.withdrawn,request.resubmitted")).map((e) => e.data);
    expect(edited).toMatchObject({ title: "Desk lamps", amount: 80, stages: expect.any(Array) });
    expect(withdrawn).toMatchObject({ reason: "Found spares" });
    expect(resubmitted).toMatchObject({ title: "Desk lamps", amount: 60 });
  });

  it("is not for a requester, who may not read other people's requests", async () => {
    const res = await t.call("GET", "/api/events?types=request.edited", { token: users.requester.token });
    expect(res.statusCode).toBe(403);
  });
});
