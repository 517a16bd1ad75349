import { runsOn } from "@procure/contracts";
import { delegationDecider, userDecider, type LoadStream } from "@procure/domain";

/**
 * Whom the actor stands in for today: the delegations their own stream holds that run today, each delegator as
 * their user stream tells it now (a deactivated delegator's approvals pass to nobody). Read inside the command, so
 * a delegation ended a moment ago already counts.
 */
export async function standInsFor(load: LoadStream, actorId: string, now: string) {
  const today = now.slice(0, 10);
  const { state } = await load(delegationDecider, actorId);
  const standIns = [];
  for (const delegation of state.received.filter((d) => runsOn(d, today))) {
    const { state: delegator } = await load(userDecider, delegation.delegator_id);
    if (delegator?.active) standIns.push({ id: delegation.delegator_id, email: delegator.email, role: delegator.role });
  }
  return standIns;
}

/**
 * Whose requests to decide the user sees today beside their own: the delegators of the delegations their stream
 * holds that run today. Delegations start and end with the calendar, so this is read when it is needed.
 */
export async function delegatorsToday(load: LoadStream, userId: string, now: Date): Promise<string[]> {
  const { state } = await load(delegationDecider, userId);
  const today = now.toISOString().slice(0, 10);
  return state.received.filter((d) => runsOn(d, today)).map((d) => d.delegator_id);
}
