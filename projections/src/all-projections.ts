import type { Projection } from "./projection.ts";
import type { ProjectionGroup } from "./runner/projection-groups.ts";
import { auditProjection } from "./requests/audit-projection.ts";
import { commentsProjection } from "./requests/comments-projection.ts";
import { filesProjection } from "./requests/files-projection.ts";
import { requestsProjection } from "./requests/requests-projection.ts";
import { inboxProjection } from "./inbox/inbox-projection.ts";
import { usersProjection } from "./users/users-projection.ts";
import { purchasingProjections } from "./purchasing/index.ts";
import { catalogueProjections } from "./catalogue/index.ts";
import { webhookEndpointsProjection } from "./webhooks/index.ts";

export const allProjections: readonly Projection[] = [
  usersProjection,
  requestsProjection,
  commentsProjection,
  auditProjection,
  filesProjection,
  inboxProjection,
  ...purchasingProjections,
  ...catalogueProjections,
  webhookEndpointsProjection,
];

/**
 * How the live product runs them: all in one pass, in list order (every projection after those it reads), each
 * batch in one transaction with one checkpoint claim, then one invalidation message and one progress report. A
 * projection that fails is set apart on a runner of its own until it catches up (see ProjectionRunner).
 */
export const projectionGroups: readonly ProjectionGroup[] = [{ name: "projections", projections: allProjections }];
