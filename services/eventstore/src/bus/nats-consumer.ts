import { AckPolicy, DeliverPolicy, type ConsumerMessages, type JetStreamClient, type JetStreamManager } from "@nats-io/jetstream";
import type { StoredEvent } from "@procure/contracts";
import type { EventHandler } from "./bus.ts";

export type DurableConsumerOptions = {
  js: JetStreamClient;
  jsm: JetStreamManager;
  stream: string;
  durable: string;
  handler: EventHandler;
  /** Makes sure the stream exists before each (re)start. */
  ready: () => Promise<void>;
  log?: (message: string, extra?: Record<string, unknown>) => void;
};

const decoder = new TextDecoder();
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A durable pull consumer with explicit acks that restarts itself: after an error, a server restart, or when its
 * heartbeats stop. The handler's success acks the message; a throw naks it for redelivery.
 */
export async function consumeDurable(options: DurableConsumerOptions): Promise<{ stop: () => Promise<void> }> {
  const { js, stream, durable, handler, log } = options;
  let stopped = false;
  let messages: ConsumerMessages | null = null;
  const run = async () => {
    while (!stopped) {
      try {
        await options.ready();
        await ensureConsumer(options);
        const consumer = await js.consumers.get(stream, durable);
        messages = await consumer.consume({ max_messages: 256, idle_heartbeat: 5_000, expires: 30_000 });
        void watchHeartbeats(messages);
        for await (const message of messages) {
          const event = JSON.parse(decoder.decode(message.data)) as StoredEvent;
          try {
            await handler(event);
            message.ack();
          } catch (error) {
            log?.("event handler failed; message left for redelivery", { durable, error: String(error) });
            message.nak(1_000);
          }
        }
      } catch (error) {
        if (!stopped) log?.("consumer stopped; restarting", { durable, error: String(error) });
      }
      if (!stopped) await delay(500);
    }
  };
  const done = run();
  return {
    stop: async () => {
      stopped = true;
      await messages?.close();
      await done;
    },
  };
}

/** A consumer whose heartbeats stop has stalled (a server restart, a lost pull): close it so `run` starts anew. */
async function watchHeartbeats(messages: ConsumerMessages) {
  for await (const status of messages.status()) {
    if (status.type === "heartbeats_missed" && status.count >= 2) {
      await messages.close();
      return;
    }
  }
}

async function ensureConsumer({ jsm, stream, durable }: DurableConsumerOptions) {
  try {
    await jsm.consumers.info(stream, durable);
  } catch {
    await jsm.consumers.add(stream, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.New,
      ack_wait: 30_000_000_000,
      max_ack_pending: 1_000,
    });
  }
}
