import { connect } from "@nats-io/transport-node";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";

/** Every message body of a JetStream stream, in stream order, read by a fresh ordered consumer. */
export async function readStreamMessages(natsUrl: string, stream: string): Promise<string[]> {
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    const total = (await jsm.streams.info(stream)).state.messages;
    const consumer = await jetstream(nc).consumers.get(stream);
    const bodies: string[] = [];
    while (bodies.length < total) {
      const message = await consumer.next({ expires: 2_000 });
      if (!message) break;
      bodies.push(message.string());
    }
    return bodies;
  } finally {
    await nc.close();
  }
}

/** How many messages a stream holds. */
export async function streamMessageCount(natsUrl: string, stream: string): Promise<number> {
  const nc = await connect({ servers: natsUrl });
  try {
    return (await (await jetstreamManager(nc)).streams.info(stream)).state.messages;
  } finally {
    await nc.close();
  }
}
