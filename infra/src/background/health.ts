import type { Relay } from "@procure/eventstore";
import type { ProjectionGroups } from "@procure/projections";

export type BackgroundStatus = {
  projections: { ok: boolean; error: string | null };
  relay: { ok: boolean; error?: string | null; behind?: number | null };
};

/** The health of the parts that run beside the API, told how Postgres and NATS are doing. */
export type BackgroundHealth = (services: { postgresOk: boolean; natsOk: boolean }) => Promise<BackgroundStatus>;

/**
 * `inProcessBus`: the process's bus is its own memory, which runs no relay; every committed event is on it as soon
 * as the readers it wakes can read it from the log.
 */
export function backgroundHealth(relay: Relay | null, runner: ProjectionGroups | null, inProcessBus = false): BackgroundHealth {
  const relayStatus = async ({ postgresOk, natsOk }: { postgresOk: boolean; natsOk: boolean }): Promise<BackgroundStatus["relay"]> => {
    if (inProcessBus) return { ok: true, behind: 0 };
    if (!relay) return { ok: true };
    // While NATS is down the relay cannot publish: that is NATS's failure, reported there.
    return { ok: relay.lastError === null || !natsOk, error: relay.lastError, behind: postgresOk ? await relay.behind() : null };
  };
  return async (services) => ({
    projections: { ok: runner ? runner.lastError === null : true, error: runner?.lastError ?? null },
    relay: await relayStatus(services),
  });
}
