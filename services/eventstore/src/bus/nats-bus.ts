import { randomUUID } from "node:crypto";
import { connect, headers, type NatsConnection, type Subscription } from "@nats-io/transport-node";
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from "@nats-io/jetstream";
import type { Invalidation, Position, StoredEvent } from "@procure/contracts";
import type { Bus } from "./bus.ts";

export type NatsBusOptions = {
  /** One server's URL, or a comma list of a cluster's: the client starts at any that answers and follows the cluster. */
  url: string;
  /** JetStream stream name; tests give each run its own. */
  stream: string;
  /**
   * Subject root: events go to `<prefix>.events.<stream_type>.<event_type>`, invalidations to `<prefix>.invalidate`,
   * user changes to `<prefix>.user-changed`.
   */
  subjectPrefix: string;
  /** How many servers of a cluster keep the stream, when it is created (1 for a single server; 3 survives one loss). */
  replicas?: number;
  name: string;
  log?: (message: string, extra?: Record<string, unknown>) => void;
};

type Publisher = { nc: NatsConnection; js: JetStreamClient; jsm: JetStreamManager; epoch: number };

const DUPLICATE_WINDOW_NS = 2 * 60 * 1_000_000_000;
/** Names the process that sent a message: it has told its own listeners already. */
const ORIGIN_HEADER = "Procure-Origin";
/** An event's place in the log, `<transaction>:<position>`, so a listener need not parse the event to learn it. */
const POSITION_HEADER = "Procure-Position";
const encoder = new TextEncoder();
const decoder = new TextDecoder();

const serverList = (url: string) =>
  url
    .split(",")
    .map((server) => server.trim())
    .filter(Boolean);

export class NatsBus implements Bus {
  readonly kind = "nats" as const;
  private streamReady: Promise<void> | null = null;
  private publisher: Promise<Publisher> | null = null;
  private epoch = 0;
  private readonly reconnectHandlers = new Set<() => void>();
  private readonly origin = randomUUID();
  private readonly localInvalidationHandlers = new Set<(invalidation: Invalidation) => void>();
  private readonly localUserChangedHandlers = new Set<(userId: string) => void>();
  private readonly appendedListeners = new Set<(position: Position) => void>();
  private appendedSubscription: Subscription | null = null;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly options: NatsBusOptions,
  ) {}

  /** Connects once; the client reconnects forever on its own, so a NATS outage never needs a restart. */
  static async connect(options: NatsBusOptions): Promise<NatsBus> {
    const nc = await connect({
      servers: serverList(options.url),
      name: options.name,
      reconnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
      waitOnFirstConnect: true,
      // This process tells its own listeners of its invalidations directly: the server need not send them back.
      noEcho: true,
      // The client would otherwise make an Error, with its stack, before every request (a JetStream publication
      // is one) in case the request fails: a measurable share of the relay's CPU.
      noAsyncTraces: true,
    });
    const jsm = await jetstreamManager(nc);
    const bus = new NatsBus(nc, jsm, options);
    void bus.watchReconnects();
    return bus;
  }

  private async watchReconnects() {
    for await (const status of this.nc.status()) {
      if (status.type !== "reconnect") continue;
      this.options.log?.("bus connection restored; telling listeners to refetch");
      for (const handler of this.reconnectHandlers) handler();
    }
  }

  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => this.reconnectHandlers.delete(handler);
  }

  private subject(event: StoredEvent): string {
    return `${this.options.subjectPrefix}.events.${event.stream_type}.${event.type}`;
  }

  /**
   * Creates the stream when it is missing. The answer is remembered until something fails: a server that lost
   * its data directory has no stream any more, and the next call must notice and create it again.
   */
  private ensureStream(): Promise<void> {
    this.streamReady ??= (async () => {
      const config = {
        name: this.options.stream,
        subjects: [`${this.options.subjectPrefix}.events.>`],
        duplicate_window: DUPLICATE_WINDOW_NS,
        num_replicas: this.options.replicas ?? 1,
      };
      try {
        await this.jsm.streams.info(this.options.stream);
      } catch {
        await this.jsm.streams.add(config);
      }
    })().catch((error) => {
      this.streamReady = null;
      throw error;
    });
    return this.streamReady;
  }

  /**
   * Publishing has a connection of its own that never reconnects by itself: a client that reconnects sends the
   * publishes it buffered while away, late and out of order. A fresh connection starts with an empty buffer.
   */
  private async publisherConnection(): Promise<Publisher> {
    const current = this.publisher ? await this.publisher.catch(() => null) : null;
    if (current && !current.nc.isClosed()) return current;
    const epoch = ++this.epoch;
    this.publisher = (async () => {
      const nc = await connect({
        servers: serverList(this.options.url),
        name: `${this.options.name}-publisher`,
        reconnect: false,
        timeout: 2_000,
        noAsyncTraces: true,
      });
      return { nc, js: jetstream(nc), jsm: await jetstreamManager(nc), epoch };
    })();
    this.publisher.catch(() => {
      this.publisher = null;
    });
    return this.publisher;
  }

  async connectionEpoch(): Promise<number> {
    return (await this.publisherConnection()).epoch;
  }

  async publishEvents(events: StoredEvent[], epoch: number): Promise<void> {
    await this.ensureStream();
    const publisher = await this.publisherConnection();
    if (publisher.epoch !== epoch) throw new Error("the publishing connection was replaced; reconcile first");
    try {
      // Sent back to back on one connection, which the server stores in the order sent, and acknowledged together:
      // one round trip per batch rather than per event. Should one fail, the relay publishes the batch again from
      // its checkpoint, and the duplicate window drops what was stored.
      const acks = events.map((event) => {
        const sent = headers();
        sent.set(ORIGIN_HEADER, this.origin);
        sent.set(POSITION_HEADER, `${event.transaction_id}:${event.global_position}`);
        return publisher.js.publish(this.subject(event), encoder.encode(JSON.stringify(event)), { msgID: event.event_id, timeout: 5_000, headers: sent });
      });
      const settled = await Promise.allSettled(acks);
      const failed = settled.find((result) => result.status === "rejected");
      if (failed) throw failed.reason;
    } catch (error) {
      this.streamReady = null;
      await publisher.nc.close().catch(() => {});
      throw error;
    }
  }

  /**
   * Hears the appends other processes announce, by a header alone: one plain subscription for the process, however
   * many readers listen. No consumer state on the server and no acknowledgements, since it only wakes readers that
   * read Postgres and poll anyway. The published events are not followed: every process that appends announces it,
   * and the events themselves would bring every event's body to every process, once per listener.
   */
  onAppendedElsewhere(handler: (position: Position) => void): () => void {
    this.appendedListeners.add(handler);
    this.appendedSubscription ??= this.nc.subscribe(`${this.options.subjectPrefix}.appended`, {
      callback: (error, message) => {
        if (error || message.headers?.get(ORIGIN_HEADER) === this.origin) return;
        const [tx, pos] = (message.headers?.get(POSITION_HEADER) ?? "").split(":");
        if (!tx || !pos) return;
        for (const listener of this.appendedListeners) listener({ tx, pos });
      },
    });
    return () => {
      this.appendedListeners.delete(handler);
      if (this.appendedListeners.size > 0) return;
      this.appendedSubscription?.unsubscribe();
      this.appendedSubscription = null;
    };
  }

  /** A core message, kept nowhere: readers in other processes learn of an append before any relay publishes it. */
  announceAppended(position: Position): void {
    if (this.nc.isClosed()) return;
    try {
      const sent = headers();
      sent.set(ORIGIN_HEADER, this.origin);
      sent.set(POSITION_HEADER, `${position.tx}:${position.pos}`);
      this.nc.publish(`${this.options.subjectPrefix}.appended`, undefined, { headers: sent });
    } catch {
      // A hint: a reader that misses it finds the append by its poll.
    }
  }

  async retireConsumers(durables: readonly string[]): Promise<void> {
    await this.ensureStream();
    const { jsm } = await this.publisherConnection();
    const existing = new Set<string>();
    for await (const consumer of jsm.consumers.list(this.options.stream)) existing.add(consumer.name);
    // Another copy of the process may retire the same consumer at the same moment.
    for (const durable of durables) if (existing.has(durable)) await jsm.consumers.delete(this.options.stream, durable).catch(() => false);
  }

  async lastPublishedEventId(): Promise<string | null> {
    await this.ensureStream();
    const { jsm } = await this.publisherConnection();
    const info = await jsm.streams.info(this.options.stream).catch((error: unknown) => {
      this.streamReady = null;
      throw error;
    });
    if (info.state.messages === 0) return null;
    const message = await jsm.streams.getMessage(this.options.stream, { seq: info.state.last_seq });
    return message ? (JSON.parse(decoder.decode(message.data)) as StoredEvent).event_id : null;
  }

  publishInvalidation(invalidation: Invalidation): void {
    this.broadcast("invalidate", invalidation, this.localInvalidationHandlers);
  }

  onInvalidation(handler: (invalidation: Invalidation) => void): () => void {
    return this.listen("invalidate", handler, this.localInvalidationHandlers, (data) => data as Invalidation);
  }

  announceUserChanged(userId: string): void {
    this.broadcast("user-changed", userId, this.localUserChangedHandlers);
  }

  onUserChanged(handler: (userId: string) => void): () => void {
    return this.listen("user-changed", handler, this.localUserChangedHandlers, (data) => (typeof data === "string" ? data : null));
  }

  /**
   * A core message on `<prefix>.<topic>`, kept nowhere. This process's listeners hear it at once, without a round
   * trip through the server; the other processes through NATS, whose copy this process skips. These are hints:
   * invalidations missed during an outage are repaired by the clients' refetch on reconnect, and a socket that
   * misses a user change still ends with its token.
   */
  private broadcast<T>(topic: string, message: T, localHandlers: Set<(message: T) => void>): void {
    for (const handler of localHandlers) {
      try {
        handler(message);
      } catch {
        // One listener's failure is its own.
      }
    }
    if (this.nc.isClosed()) return;
    try {
      const sent = headers();
      sent.set(ORIGIN_HEADER, this.origin);
      this.nc.publish(`${this.options.subjectPrefix}.${topic}`, encoder.encode(JSON.stringify(message)), { headers: sent });
    } catch {
      // See above: a hint.
    }
  }

  private listen<T>(topic: string, handler: (message: T) => void, localHandlers: Set<(message: T) => void>, parse: (data: unknown) => T | null) {
    localHandlers.add(handler);
    const sub = this.nc.subscribe(`${this.options.subjectPrefix}.${topic}`, {
      callback: (error, message) => {
        if (error || message.headers?.get(ORIGIN_HEADER) === this.origin) return;
        try {
          const parsed = parse(JSON.parse(decoder.decode(message.data)));
          if (parsed !== null) handler(parsed);
        } catch {
          // A malformed hint is ignored; it carries no data of its own.
        }
      },
    });
    return () => {
      localHandlers.delete(handler);
      sub.unsubscribe();
    };
  }

  async healthy(): Promise<boolean> {
    if (this.nc.isClosed()) return false;
    try {
      await this.nc.flush();
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    const publisher = this.publisher ? await this.publisher.catch(() => null) : null;
    await publisher?.nc.close().catch(() => {});
    await this.nc.drain().catch(() => this.nc.close());
  }

  async deleteStream(): Promise<void> {
    await this.jsm.streams.delete(this.options.stream).catch(() => {});
  }
}
