import { z } from "zod";
import { role } from "./roles.ts";

/**
 * A query key as the client's React Query uses it: ["requests"], ["requests", id], ["inbox"] ...
 * Projections name the keys they touched; the client invalidates exactly those.
 */
export const queryKey = z.array(z.string()).min(1);
export type QueryKey = z.infer<typeof queryKey>;

/** Who may hear about a change. Absent fields mean nobody by that criterion; `everyone` overrides. */
export const audience = z.object({
  everyone: z.boolean().optional(),
  roles: z.array(role).optional(),
  userIds: z.array(z.string()).optional(),
});
export type Audience = z.infer<typeof audience>;

export const position = z.object({ tx: z.string(), pos: z.string() });
export type Position = z.infer<typeof position>;

export const invalidation = z.object({
  keys: z.array(queryKey),
  audience,
  position,
});
export type Invalidation = z.infer<typeof invalidation>;

export const liveMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("invalidate"), keys: z.array(queryKey), position }),
  z.object({ type: z.literal("hello"), userId: z.string(), position: position.nullable() }),
  /** Invalidations may have been lost (the bus was down): refetch everything shown. */
  z.object({ type: z.literal("resync") }),
]);
export type LiveMessage = z.infer<typeof liveMessage>;

/** Why the server closed a live socket (4000–4999 are the application's own codes), so the client knows what to do next. */
export const liveCloseCodes = {
  /** The session ended (signed out, deactivated, a password reset, expired): this token will not be let in again. */
  sessionEnded: 4001,
  /** The session signed in with a temporary password: it hears nothing until the password is changed. */
  passwordChangeRequired: 4003,
  /** A newer socket of the same user took this one's place. */
  tooManySockets: 4008,
  /** The user's role changed: a new socket, opened at once, is heard by the new role. */
  roleChanged: 4009,
  /** The standard "service restart": the next socket lands on another process. */
  serviceRestart: 1012,
} as const;
