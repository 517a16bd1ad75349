import { afterAll, describe, expect, it } from "vitest";
import { AckPolicy, jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { deleteStream, suffix } from "@procure/infra/testing/test-services";
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
