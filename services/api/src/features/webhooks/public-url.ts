import { assertPublicUrl, PrivateUrlError } from "@procure/webhooks";
import type { AppDeps } from "../../deps.ts";

/** Why `url` may not receive deliveries from this workspace (a private address, unless allowed), or null when it may. */
export async function privateUrlProblem(deps: AppDeps, url: string): Promise<string | null> {
  try {
    await assertPublicUrl(url, deps.env.WEBHOOKS_ALLOW_PRIVATE_URLS ?? false);
    return null;
  } catch (error) {
    if (error instanceof PrivateUrlError) return error.message;
    throw error;
  }
}
