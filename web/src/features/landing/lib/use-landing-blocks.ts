import { useLanding } from "../api/get-landing";
import { fallbackFocusSignals, fallbackHeroMetrics, fallbackRoleViews } from "./fallback-content";
import type { BlockSource } from "./landing-types";

function pick<T>(status: "pending" | "error" | "success", live: T[] | undefined, fallback: T[]): { items: T[]; source: BlockSource } {
  if (status === "pending") return { items: [], source: "loading" };
  if (status === "error") return { items: fallback, source: "failed" };
  return live && live.length > 0 ? { items: live, source: "live" } : { items: fallback, source: "syncing" };
}

/** Each list is used when non-empty; an empty one falls back with a "still syncing" note; a failed load falls back everywhere. */
export function useLandingBlocks() {
  const query = useLanding();
  const { status, data } = query;
  return {
    heroMetrics: pick(status, data?.heroMetrics, fallbackHeroMetrics),
    focusSignals: pick(status, data?.focusSignals, fallbackFocusSignals),
    roleViews: pick(status, data?.roleViews, fallbackRoleViews),
  };
}
