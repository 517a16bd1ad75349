import type { Socket } from "node:net";
import fp from "fastify-plugin";
import type { FastifyRequest } from "fastify";
import { sendError } from "./errors.ts";

/** What load balancers and orchestrators probe: still answered while draining, so they watch the process go. */
const PROBES = new Set(["/api/health", "/api/health/live", "/api/health/ready"]);

declare module "fastify" {
  interface FastifyInstance {
    /** True once the process began to shut down: readiness answers 503 and new requests are turned away. */
    readonly draining: boolean;
    /** Called once when draining begins (the live plugin closes its sockets there). */
    onDrain(listener: () => void): void;
    /**
     * Drains and closes: turns new requests away, lets those in flight finish for up to `graceMs`, cuts what is
     * left and closes the server.
     */
    shutdown(graceMs: number): Promise<void>;
  }
}

/** Requests counted in flight; a websocket upgrade is not one (its socket is closed by the live plugin). */
const counted = new WeakSet<FastifyRequest>();

/**
 * Graceful shutdown. The listener stays open while draining so probes see `ready` fall to 503 while `live` stays
 * 200; any other new request gets a 503 with `Connection: close` before it does anything, which a proxy may retry on
 * another process whatever its method.
 */
export default fp(
  async (app) => {
    let draining = false;
    let inFlight = 0;
    let idle: (() => void) | null = null;
    const listeners: (() => void)[] = [];
    // Every connection, upgraded ones too: the HTTP server cuts only those it still speaks HTTP on.
    const sockets = new Set<Socket>();
    app.server.on("connection", (socket: Socket) => {
      sockets.add(socket);
      socket.once("close", () => sockets.delete(socket));
    });

    const finished = (request: FastifyRequest) => {
      if (!counted.delete(request)) return;
      inFlight -= 1;
      if (inFlight === 0) idle?.();
    };
    app.addHook("onRequest", (request, reply, done) => {
      if (PROBES.has(request.url.split("?")[0]!)) return done();
      if (draining) {
        reply.header("connection", "close").header("retry-after", "1");
        return sendError(reply, 503, "unavailable", "This server is restarting. Try again.");
      }
      if (!request.headers.upgrade) {
        counted.add(request);
        inFlight += 1;
      }
      done();
    });
    app.addHook("onResponse", (request, _reply, done) => {
      finished(request);
      // A websocket upgrade turned away while draining leaves no HTTP connection to close: its socket is ended here,
      // or the server would wait for the client (or a proxy keeping it) to close it.
      if (draining && request.headers.upgrade) request.raw.socket.destroy();
      done();
    });
    app.addHook("onRequestAbort", (request, done) => {
      finished(request);
      done();
    });

    app.decorate("draining", {
      getter: () => draining,
    });
    app.decorate("onDrain", (listener: () => void) => void listeners.push(listener));
    app.decorate("shutdown", async (graceMs: number) => {
      if (!draining) {
        draining = true;
        for (const listener of listeners) listener();
      }
      if (inFlight > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([new Promise<void>((resolve) => (idle = resolve)), new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
        clearTimeout(timer);
      }
      if (inFlight > 0) {
        app.log.warn({ inFlight, graceMs }, "requests still in flight after the shutdown grace; cutting them");
        app.server.closeAllConnections();
      }
      // Closing waits for every connection; one that outlives the grace too (a socket that never answers its close) is cut.
      const closed = app.close();
      let timer: NodeJS.Timeout | undefined;
      const late = await Promise.race([closed.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs)))]);
      clearTimeout(timer);
      if (late) {
        app.log.warn({ open: sockets.size, graceMs }, "connections still open after the shutdown grace; cutting them");
        for (const socket of sockets) socket.destroy();
        await closed;
      }
    });
  },
  { name: "drain" },
);
