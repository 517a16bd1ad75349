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
 * How the live product runs them: the request-side projections (which read the requests table) together, the
 * purchasing and catalogue ones apart, each group at its own pace.
 */
export const projectionGroups: readonly ProjectionGroup[] = [
  { name: "requests", projections: [usersProjection, requestsProjection, commentsProjection, auditProjection, filesProjection, inboxProjection] },
  { name: "purchasing", projections: purchasingProjections },
  { name: "catalogue", projections: catalogueProjections },
  { name: "automation", projections: [webhookEndpointsProjection] },
];
