import fp from "fastify-plugin";
import websocket from "@fastify/websocket";
import type { WebSocket } from "ws";
import type { Audience, Invalidation, LiveMessage } from "@procure/contracts";
import type { Actor } from "@procure/domain";
import type { Bus } from "@procure/eventstore";
import { sendError } from "./errors.ts";

function mayHear(actor: Actor, audience: Audience): boolean {
  return Boolean(audience.everyone || audience.roles?.includes(actor.role) || audience.userIds?.includes(actor.id));
}

/**
 * Reads the token from the subprotocol list ("bearer", "<token>"), as browsers cannot set headers on a websocket.
 * A `?token=` is not accepted: URLs end up in proxy and request logs.
 */
function tokenOf(protocols: string | undefined): string | null {
  const parts = (protocols ?? "").split(",").map((p) => p.trim());
  const i = parts.findIndex((p) => p.toLowerCase() === "bearer");
  return i >= 0 ? (parts[i + 1] ?? null) : null;
}

/** `GET /api/live`: forwards projection invalidations to the sockets whose user may see them. */
export default fp(
  async (app, options: { bus: Bus }) => {
    await app.register(websocket, {
      options: {
        maxPayload: 4096,
        handleProtocols: (protocols: Set<string>) => (protocols.has("bearer") ? "bearer" : false),
      },
    });
    const clients = new Map<WebSocket, Actor>();
    const expiries = new WeakMap<object, number>();
    const stopRevocations = app.onSessionsRevoked((userId) => {
      for (const [socket, actor] of clients) if (actor.id === userId) socket.close(4001, "signed out");
    });
    const unsubscribe = options.bus.onInvalidation((invalidation: Invalidation) => {
      const message = JSON.stringify({ type: "invalidate", keys: invalidation.keys, position: invalidation.position } satisfies LiveMessage);
      for (const [socket, actor] of clients) {
        if (socket.readyState === socket.OPEN && mayHear(actor, invalidation.audience)) socket.send(message);
      }
    });
    const stopResync = options.bus.onReconnect(() => {
      const message = JSON.stringify({ type: "resync" } satisfies LiveMessage);
      for (const socket of clients.keys()) if (socket.readyState === socket.OPEN) socket.send(message);
    });
    app.addHook("onClose", async () => {
      unsubscribe();
      stopResync();
      stopRevocations();
      for (const socket of clients.keys()) socket.close(1001, "server shutting down");
    });

    app.get(
      "/api/live",
      {
        websocket: true,
        schema: { hide: true },
        preValidation: async (request, reply) => {
          const token = tokenOf(request.headers["sec-websocket-protocol"]);
          const session = token ? await app.sessionFromToken(token) : null;
          if (!session) return sendError(reply, 401, "unauthorized", "Sign in to receive live updates.");
          request.actor = session.actor;
          expiries.set(request, session.expiresAt);
        },
      },
      (socket, request) => {
        clients.set(socket, request.actor);
        // A socket lives no longer than its token (setTimeout's ceiling is about 24 days).
        const ttl = Math.min((expiries.get(request) ?? Date.now()) - Date.now(), 2 ** 31 - 1);
        const expiry = setTimeout(() => socket.close(4001, "session expired"), Math.max(ttl, 0));
        socket.on("close", () => clearTimeout(expiry));
        const hello: LiveMessage = { type: "hello", userId: request.actor.id, position: null };
        socket.send(JSON.stringify(hello));
        socket.on("close", () => clients.delete(socket));
        socket.on("error", () => clients.delete(socket));
        // Clients only listen; anything they send is ignored rather than trusted.
        socket.on("message", () => {});
      },
    );
  },
  { name: "live", dependencies: ["auth"] },
);
