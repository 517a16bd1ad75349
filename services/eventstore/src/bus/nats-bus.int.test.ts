import { afterAll, describe, expect, it } from "vitest";
import { AckPolicy, jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { deleteStream, suffix } from "@procure/infra/testing/test-services";
import { randomUUID } from "node:crypto";
import type { Position, StoredEvent } from "@procure/contracts";
import { NatsBus } from "./nats-bus.ts";

const natsUrl = process.env.NATS_URL;
const stream = `PROCURE_RETIRE_${suffix().toUpperCase()}`;

afterAll(async () => {
  if (natsUrl) await deleteStream(natsUrl, stream);
});

describe.skipIf(!natsUrl)("durable consumers nothing reads any more", () => {
  it("are deleted, and the ones still in use stay", async () => {
    const bus = await NatsBus.connect({ url: natsUrl!, stream, subjectPrefix: `procure_${stream.toLowerCase()}`, name: "retire-test" });
    const nc = await connect({ servers: natsUrl! });
    try {
      await bus.lastPublishedEventId(); // makes sure the stream exists
      const jsm = await jetstreamManager(nc);
      for (const name of ["projector", "projector-requests", "projector-catalogue"]) {
        await jsm.consumers.add(stream, { durable_name: name, ack_policy: AckPolicy.Explicit });
      }
      await bus.retireConsumers(["projector-requests", "projector-catalogue", "projector-never-made"]);
      const left: string[] = [];
      for await (const consumer of jsm.consumers.list(stream)) left.push(consumer.name);
      expect(left).toEqual(["projector"]);
    } finally {
      await nc.close();
      await bus.close();
    }
  });
});

/** Runs `work` with the buses of two processes on one stream, and closes both after it. */
async function withTwoProcesses(work: (here: NatsBus, there: NatsBus) => Promise<void>) {
  const options = { url: natsUrl!, stream, subjectPrefix: `procure_${stream.toLowerCase()}` };
  const [here, there] = await Promise.all([NatsBus.connect({ ...options, name: "here" }), NatsBus.connect({ ...options, name: "there" })]);
  try {
    await work(here, there);
  } finally {
    await Promise.all([here.close(), there.close()]);
  }
}

describe.skipIf(!natsUrl)("a user change", () => {
  it("reaches this process's listeners and every other process's, and is kept nowhere", async () => {
    await withTwoProcesses(async (here, there) => {
      const heardHere: string[] = [];
      const heardThere: string[] = [];
      here.onUserChanged((userId) => heardHere.push(userId));
      there.onUserChanged((userId) => heardThere.push(userId));
      await here.healthy(); // the subscriptions are on the server before anything is sent
      await there.healthy();
      here.announceUserChanged("user-1");
      there.announceUserChanged("user-2");
      const deadline = Date.now() + 5_000;
      while ((heardHere.length < 2 || heardThere.length < 2) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(heardHere.sort()).toEqual(["user-1", "user-2"]);
      expect(heardThere.sort()).toEqual(["user-1", "user-2"]);
      expect(await here.lastPublishedEventId()).toBeNull();
    });
  });
});

describe.skipIf(!natsUrl)("an append", () => {
  it("announced by another process wakes each of this process's listeners once; its own and published events wake none", async () => {
    await withTwoProcesses(async (here, there) => {
      const heardHere: Position[] = [];
      const heardThere: [string, Position][] = [];
      here.onAppendedElsewhere((position) => heardHere.push(position));
      there.onAppendedElsewhere((position) => heardThere.push(["first", position]));
      const stopSecond = there.onAppendedElsewhere((position) => heardThere.push(["second", position]));
      await Promise.all([here.healthy(), there.healthy()]);

      // A relay's publication carries the whole event: the readers learn of appends from announcements instead.
      await here.publishEvents([storedEvent()], await here.connectionEpoch());
      await Promise.all([here.healthy(), there.healthy()]); // whatever the server had sent them has arrived
      expect(heardHere).toEqual([]);
      expect(heardThere).toEqual([]);

      here.announceAppended({ tx: "700", pos: "41" });
      await expect.poll(() => heardThere, { timeout: 5_000 }).toHaveLength(2);
      expect(heardThere.sort()).toEqual([
        ["first", { tx: "700", pos: "41" }],
        ["second", { tx: "700", pos: "41" }],
      ]);

      // The listener that stopped hears no more; the other still does, and the announcer never hears itself.
      stopSecond();
      here.announceAppended({ tx: "701", pos: "42" });
      await expect.poll(() => heardThere, { timeout: 5_000 }).toHaveLength(3);
      expect(heardThere[2]).toEqual(["first", { tx: "701", pos: "42" }]);
      await here.healthy();
      expect(heardHere).toEqual([]);
    });
  });
});

function storedEvent(): StoredEvent<"RequestCommented"> {
  const id = randomUUID();
  return {
    event_id: id,
    stream_type: "request",
    stream_id: `request-${id}`,
    stream_version: 1,
    type: "RequestCommented",
    schema_version: 1,
    data: { request_id: id, comment_id: id, body: "x" },
    metadata: { actor_id: null, actor_role: null, actor_email: null, correlation_id: id, causation_id: null },
    recorded_at: new Date().toISOString(),
    transaction_id: "699",
    global_position: "40",
    hash: "0".repeat(64),
  };
}
