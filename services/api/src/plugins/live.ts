import fp from "fastify-plugin";
import websocket from "@fastify/websocket";
import type { WebSocket } from "ws";
import { liveCloseCodes as closeCodes, type Invalidation, type LiveMessage } from "@procure/contracts";
import type { Actor } from "@procure/domain";
import type { Bus } from "@procure/eventstore";
import { sendError } from "./errors.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The live sockets this process holds (a metric). */
    readonly openLiveSockets: number;
  }
}

function mayHear({ actor, standsInFor }: Client, invalidation: Invalidation): boolean {
  const { audience } = invalidation;
  if (audience.everyone || audience.roles?.includes(actor.role) || audience.userIds?.includes(actor.id)) return true;
  // A delegate's inbox shows their delegators' requests to decide: it changes when theirs do.
  return Boolean(
    standsInFor.ids.length > 0 && invalidation.keys.some((key) => key[0] === "inbox") && audience.userIds?.some((id) => standsInFor.ids.includes(id)),
  );
}

/** How long whom a socket's user stands in for is trusted before it is read again: delegations run by the day. */
const STAND_INS_TTL_MS = 60_000;

/**
 * Reads the token from the subprotocol list ("bearer", "<token>"), as browsers cannot set headers on a websocket.
 * A `?token=` is not accepted: URLs end up in proxy and request logs.
 */
function tokenOf(protocols: string | undefined): string | null {
  const parts = (protocols ?? "").split(",").map((p) => p.trim());
  const i = parts.findIndex((p) => p.toLowerCase() === "bearer");
  return i >= 0 ? (parts[i + 1] ?? null) : null;
}

/** Beyond this many sockets of one user in one process, the oldest is closed: one account cannot hold them all. */
const SOCKETS_PER_USER = 10;

/**
 * A socket's user as last checked, and the token it connected with, to check it again when the user changes; and
 * whom the user stands in for as last read.
 */
type Client = { actor: Actor; token: string; checks: number; standsInFor: { ids: string[]; readAt: number } };

/** `GET /api/live`: forwards projection invalidations to the sockets whose user may see them. */
export default fp(
  async (app, options: { bus: Bus; delegatorsOf?: (userId: string) => Promise<string[]> }) => {
    await app.register(websocket, {
      options: {
        maxPayload: 4096,
        handleProtocols: (protocols: Set<string>) => (protocols.has("bearer") ? "bearer" : false),
      },
    });
    const clients = new Map<WebSocket, Client>();
    app.decorate("openLiveSockets", { getter: () => clients.size });
    const expiries = new WeakMap<object, number>();
    const tokens = new WeakMap<object, string>();
    const passwordToChange = new WeakSet<object>();
    const send = (socket: WebSocket, message: LiveMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };

    /** Makes room for a new socket of the user: the oldest go first (a Map keeps the order sockets came in). */
    const makeRoomFor = (userId: string) => {
      const held = [...clients].filter(([, client]) => client.actor.id === userId).map(([socket]) => socket);
      for (const socket of held.slice(0, Math.max(held.length - SOCKETS_PER_USER + 1, 0))) {
        clients.delete(socket);
        socket.close(closeCodes.tooManySockets, "too many live connections");
      }
    };

    /**
     * A user signed out or got another role, in this process or another: each of the user's sockets asks the
     * credentials again, as every request does. A socket whose session ended is closed for good; one whose role
     * changed is closed for the client to open another at once, so nothing the old role heard or fetched outlives
     * the change. The message names the user only; what it changed is never taken from it.
     */
    const recheck = (userId: string) =>
      Promise.all(
        [...clients].map(async ([socket, client]) => {
          if (client.actor.id !== userId) return;
          const check = ++client.checks;
          const session = await app.sessionFromToken(client.token).catch((error: unknown) => {
            app.log.warn({ err: error }, "could not check a live socket's session; closing it so it reconnects");
            return undefined;
          });
          // A later check of the same socket answers for it; a closed socket needs none.
          if (check !== client.checks || !clients.has(socket)) return;
          if (!session) {
            clients.delete(socket);
            return session === null ? socket.close(closeCodes.sessionEnded, "signed out") : socket.close(1011, "session check failed");
          }
          if (session.actor.role !== client.actor.role) {
            clients.delete(socket);
            return socket.close(closeCodes.roleChanged, "role changed");
          }
          client.actor = session.actor;
        }),
      );
    const stopUserChanges = options.bus.onUserChanged((userId) => void recheck(userId));

    /** Reads again whom the client's user stands in for, once its last reading is older than the TTL. */
    const refreshStandIns = (client: Client) => {
      const { delegatorsOf } = options;
      if (!delegatorsOf || Date.now() - client.standsInFor.readAt < STAND_INS_TTL_MS) return;
      client.standsInFor.readAt = Date.now();
      delegatorsOf(client.actor.id).then(
        (ids) => (client.standsInFor = { ids, readAt: client.standsInFor.readAt }),
        (error: unknown) => app.log.warn({ err: error }, "could not read whom a live socket's user stands in for"),
      );
    };
    const unsubscribe = options.bus.onInvalidation((invalidation: Invalidation) => {
      const message = JSON.stringify({ type: "invalidate", keys: invalidation.keys, position: invalidation.position } satisfies LiveMessage);
      for (const [socket, client] of clients) {
        refreshStandIns(client);
        if (socket.readyState === socket.OPEN && mayHear(client, invalidation)) socket.send(message);
      }
    });
    const stopResync = options.bus.onReconnect(() => {
      for (const socket of clients.keys()) send(socket, { type: "resync" });
    });
    const closeAll = (code: number, reason: string) => {
      for (const socket of clients.keys()) socket.close(code, reason);
      clients.clear();
    };
    app.onDrain(() => closeAll(closeCodes.serviceRestart, "server restarting"));
    app.addHook("onClose", async () => {
      unsubscribe();
      stopResync();
      stopUserChanges();
      closeAll(1001, "server shutting down");
    });

    app.get(
      "/api/live",
      {
        websocket: true,
        schema: { hide: true },
        preValidation: async (request, reply) => {
          const token = tokenOf(request.headers["sec-websocket-protocol"]);
          const session = token ? await app.sessionFromToken(token) : null;
          if (!token || !session) return sendError(reply, 401, "unauthorized", "Sign in to receive live updates.");
          request.actor = session.actor;
          if (session.mustChangePassword) passwordToChange.add(request);
          expiries.set(request, session.expiresAt);
          tokens.set(request, token);
        },
      },
      (socket, request) => {
        // Said by a close code rather than a refused upgrade, whose status a browser never shows its page.
        if (passwordToChange.has(request)) return socket.close(closeCodes.passwordChangeRequired, "password change required");
        makeRoomFor(request.actor.id);
        const client: Client = { actor: request.actor, token: tokens.get(request)!, checks: 0, standsInFor: { ids: [], readAt: -Infinity } };
        clients.set(socket, client);
        refreshStandIns(client);
        // A socket lives no longer than its token (setTimeout's ceiling is about 24 days).
        const ttl = Math.min((expiries.get(request) ?? Date.now()) - Date.now(), 2 ** 31 - 1);
        const expiry = setTimeout(() => socket.close(closeCodes.sessionEnded, "session expired"), Math.max(ttl, 0));
        socket.on("close", () => clearTimeout(expiry));
        send(socket, { type: "hello", userId: request.actor.id, position: null });
        socket.on("close", () => clients.delete(socket));
        socket.on("error", () => clients.delete(socket));
        // Clients only listen; anything they send is ignored rather than trusted.
        socket.on("message", () => {});
      },
    );
  },
  { name: "live", dependencies: ["auth", "drain"] },
);
