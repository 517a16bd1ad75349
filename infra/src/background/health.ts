import type { Relay } from "@procure/eventstore";
import type { ProjectionGroups } from "@procure/projections";

export type BackgroundStatus = {
  projections: { ok: boolean; error: string | null };
  relay: { ok: boolean; error?: string | null; behind?: number | null };
};

/** The health of the parts that run beside the API, told how Postgres and NATS are doing. */
export type BackgroundHealth = (services: { postgresOk: boolean; natsOk: boolean }) => Promise<BackgroundStatus>;

export function backgroundHealth(relay: Relay | null, runner: ProjectionGroups | null): BackgroundHealth {
  return async ({ postgresOk, natsOk }) => ({
    projections: { ok: runner ? runner.lastError === null : true, error: runner?.lastError ?? null },
    // While NATS is down the relay cannot publish: that is NATS's failure, reported there.
    relay: relay ? { ok: relay.lastError === null || !natsOk, error: relay.lastError, behind: postgresOk ? await relay.behind() : null } : { ok: true },
  });
}
