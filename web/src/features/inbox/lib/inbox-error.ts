import { ApiError } from "@/lib/api-client";

function failedSources(details: unknown): string[] {
  if (details && typeof details === "object" && "failed" in details && Array.isArray(details.failed)) {
    return details.failed.filter((s): s is string => typeof s === "string");
  }
  return [];
}

/**
 * The panel's error line. A server answer may name which source failed (details.failed); any other server
 * failure covers both sources, and anything that isn't a server answer is unexpected.
 */
export function inboxErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return "Unable to load notifications.";
  const failed = failedSources(error.details);
  const requests = failed.includes("requests");
  const orders = failed.includes("orders");
  if (requests && !orders) return "Unable to load requests.";
  if (orders && !requests) return "Unable to load purchase orders.";
  return "Unable to load requests & purchase orders.";
}
