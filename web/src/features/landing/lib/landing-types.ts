export type HeroMetric = { label: string; value: string };
export type FocusSignal = { label: string; value: string; meta: string };
export type RoleTool = { label: string; href: string | null; description: string | null };
export type RoleView = {
  id: string;
  label: string;
  headline: string;
  summary: string;
  responsibilities: string[];
  cadence: string[];
  tools: RoleTool[];
};
export type LandingData = { heroMetrics: HeroMetric[]; focusSignals: FocusSignal[]; roleViews: RoleView[]; demoWorkspace: boolean };

/** Per block: live data, the built-in fallback while the workspace syncs, or the fallback after a failed load. */
export type BlockSource = "loading" | "live" | "syncing" | "failed";
