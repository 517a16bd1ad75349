import { z } from "zod";
import { role } from "./roles.ts";

/** GET /api/marketing/landing (spec section 3). Aggregates only: nothing here names a person or a request. */
export const heroMetric = z.object({ label: z.string(), value: z.string() });
export const focusSignal = z.object({ label: z.string(), value: z.string(), meta: z.string() });
export const roleTool = z.object({ label: z.string(), href: z.string(), description: z.string() });

export const roleView = z.object({
  id: role,
  label: z.string(),
  headline: z.string(),
  summary: z.string(),
  responsibilities: z.array(z.string()),
  cadence: z.array(z.string()),
  tools: z.array(roleTool),
});
export type RoleView = z.infer<typeof roleView>;

export const landingData = z.object({
  heroMetrics: z.array(heroMetric),
  focusSignals: z.array(focusSignal),
  roleViews: z.array(roleView),
  /** Whether the sample accounts exist here, so the page advertises them only where they really sign in. */
  demoWorkspace: z.boolean(),
});
export type LandingData = z.infer<typeof landingData>;

/** Vendor renewals count when they fall within this many days from today. */
export const renewalWindowDays = 30;
/** A pending request is due for a decision once it has waited this long. */
export const decisionTargetHours = 48;
