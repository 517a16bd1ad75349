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
