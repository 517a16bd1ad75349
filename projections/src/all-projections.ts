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
import { landingRequestsProjection, landingVendorsProjection } from "./landing/landing-projection.ts";

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

const landing: readonly Projection[] = [landingRequestsProjection, landingVendorsProjection];

/**
 * How the live product runs them: the request-side projections (which read the requests table) together, the
 * purchasing ones with the landing page's figures (both follow requests and vendors, so a new request costs two
 * groups a batch each, not three), the catalogue apart, each group at its own pace.
 */
export const projectionGroups: readonly ProjectionGroup[] = [
  { name: "requests", projections: [usersProjection, requestsProjection, commentsProjection, auditProjection, filesProjection] },
  { name: "inbox", projections: [inboxProjection] },
  { name: "purchasing", projections: [...purchasingProjections, ...landing] },
  { name: "catalogue", projections: catalogueProjections.filter((p) => !landing.includes(p)) },
  { name: "automation", projections: [webhookEndpointsProjection] },
];
