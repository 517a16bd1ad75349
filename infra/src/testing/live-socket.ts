import WebSocket from "ws";
import { liveMessage, type LiveMessage } from "@procure/contracts";

export type LiveSocket = {
  socket: WebSocket;
  messages: LiveMessage[];
  /** Resolves with the close code and reason once the server closed the socket. */
  closed: Promise<{ code: number; reason: string }>;
  /** The first message that matches, polled until the deadline; null if none came in time. */
  waitFor: (predicate: (m: LiveMessage) => boolean, timeoutMs: number) => Promise<LiveMessage | null>;
};

/** Opens /api/live on a test server (`url` is its http address) and collects its messages. */
export async function openLiveSocket(url: string, protocols?: string[]): Promise<LiveSocket> {
  const messages: LiveMessage[] = [];
  const socket = new WebSocket(url.replace(/^http/, "ws"), protocols);
  socket.on("message", (data) => messages.push(liveMessage.parse(JSON.parse(String(data)))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once("close", (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
    socket.once("unexpected-response", (_req, res) => reject(new Error(`upgrade refused with ${res.statusCode}`)));
  });
  const waitFor = async (predicate: (m: LiveMessage) => boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = messages.find(predicate);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    return null;
  };
  return { socket, messages, closed, waitFor };
}

/** Matches an invalidation that names `key` exactly. */
export const invalidates = (key: readonly string[]) => (m: LiveMessage) =>
  m.type === "invalidate" && m.keys.some((k) => k.length === key.length && k.every((part, i) => part === key[i]));

/** Resolves with the close code if the socket closes within the deadline, else null. */
export const closeWithin = (live: LiveSocket, timeoutMs: number) =>
  Promise.race([live.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs).unref())]);
