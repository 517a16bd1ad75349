import type { Role, Section } from "@procure/contracts";
import { canSee } from "@procure/contracts";
import { sectionHref } from "@/config/paths";

export type NavItem = { section: Section; label: string; href: string; icon: string };
export type NavGroup = { label: string; items: NavItem[] };

const item = (section: Section, label: string, icon: string): NavItem => ({ section, label, href: sectionHref[section], icon });

const groups: NavGroup[] = [
  { label: "Workspace", items: [item("dashboard", "Dashboard", "◧")] },
  {
    label: "Purchasing",
    items: [
      item("requests", "Requests", "☰"),
      item("approvals", "Approvals", "✓"),
      item("purchase-orders", "Purchase orders", "▤"),
      item("invoices", "Invoices", "¤"),
      item("budgets", "Budgets", "◔"),
    ],
  },
  { label: "Sourcing", items: [item("vendors", "Vendors", "◎"), item("catalogue", "Catalogue", "▦")] },
  { label: "Administration", items: [item("integrations", "Integrations", "⇄"), item("settings", "Settings", "⚙")] },
];

/** Sidebar groups filtered by what the role may see (spec section 6); empty groups are dropped. */
export function navGroupsFor(role: Role): NavGroup[] {
  return groups.map((group) => ({ ...group, items: group.items.filter((entry) => canSee(role, entry.section)) })).filter((group) => group.items.length > 0);
}
