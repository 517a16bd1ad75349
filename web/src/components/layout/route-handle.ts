import type { Section } from "@procure/contracts";

export type QuickLink = { label: string; href: string; section?: Section };

/** What a workspace route declares for the shell's hero: breadcrumb label, title and quick links. */
export type RouteHandle = {
  crumb?: string;
  title?: string;
  description?: string;
  quickLinks?: QuickLink[];
};

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === "object" && value !== null;
}
