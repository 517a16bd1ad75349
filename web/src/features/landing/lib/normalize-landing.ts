import type { FocusSignal, HeroMetric, LandingData, RoleTool, RoleView } from "./landing-types";

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === "object" && value !== null && !Array.isArray(value);

function text(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const textList = (value: unknown): string[] => list(value).map(text).filter(Boolean);

function normalizeMetric(value: unknown): HeroMetric | null {
  if (!isObject(value)) return null;
  const label = text(value.label);
  return label ? { label, value: text(value.value) || "—" } : null;
}

function normalizeSignal(value: unknown): FocusSignal | null {
  if (!isObject(value)) return null;
  const label = text(value.label);
  return label ? { label, value: text(value.value) || "—", meta: text(value.meta) } : null;
}

function normalizeTool(value: unknown): RoleTool | null {
  if (typeof value === "string") return value.trim() ? { label: value.trim(), href: null, description: null } : null;
  if (!isObject(value)) return null;
  const label = text(value.label) || text(value.name);
  if (!label) return null;
  return { label, href: text(value.href) || text(value.url) || null, description: text(value.description) || text(value.helper) || null };
}

/** Role views accept id or role_id, fall back headline → label, and drop entries lacking an id or a label. */
export function normalizeRoleView(value: unknown): RoleView | null {
  if (!isObject(value)) return null;
  const id = text(value.id) || text(value.role_id);
  const label = text(value.label);
  if (!id || !label) return null;
  return {
    id,
    label,
    headline: text(value.headline) || label,
    summary: text(value.summary),
    responsibilities: textList(value.responsibilities),
    cadence: textList(value.cadence),
    tools: list(value.tools)
      .map(normalizeTool)
      .filter((tool): tool is RoleTool => tool !== null),
  };
}

export function normalizeLanding(raw: unknown): LandingData {
  const body = isObject(raw) ? raw : {};
  return {
    heroMetrics: list(body.heroMetrics)
      .map(normalizeMetric)
      .filter((m): m is HeroMetric => m !== null),
    focusSignals: list(body.focusSignals)
      .map(normalizeSignal)
      .filter((s): s is FocusSignal => s !== null),
    roleViews: list(body.roleViews)
      .map(normalizeRoleView)
      .filter((r): r is RoleView => r !== null),
    demoWorkspace: body.demoWorkspace === true,
  };
}
