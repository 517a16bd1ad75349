import { z } from "zod";

/**
 * A record's version, the one its answers carry as `ETag: "<version>"` and an edit names in `If-Match` so that it
 * never overwrites a change it did not see (412 instead).
 */
export const recordVersion = z.number().int().nonnegative();
