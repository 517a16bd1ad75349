export type Importance = "required" | "recommended" | "optional";
export type ChecklistItem = { id: string; label: string; detail?: string; importance: Importance };
export type ChecklistSection = { id: string; title: string; summary: string; items: ChecklistItem[] };

const item = (id: string, label: string, importance: Importance = "required", detail?: string): ChecklistItem => ({
  id,
  label,
  importance,
  ...(detail ? { detail } : {}),
});

export const checklistSections: ChecklistSection[] = [
  {
    id: "clarify",
    title: "Clarify the request",
    summary: "Make the need unambiguous before anyone prices it.",
    items: [
      item("clarify-need", "Describe the need in one sentence", "required", "What problem does this purchase solve, and for whom?"),
      item("clarify-scope", "Define quantity, specification or scope of work"),
      item("clarify-date", "Confirm the date you need it by"),
      item("clarify-catalogue", "Check the catalogue for an existing contract item", "recommended", "Contract items skip most of the diligence below."),
      item("clarify-references", "Attach reference links, drawings or photos", "optional"),
    ],
  },
  {
    id: "budget",
    title: "Lock in budget details",
    summary: "Approvers decide faster when the money is clear.",
    items: [
      item("budget-total", "Estimate the total including tax and shipping"),
      item("budget-category", "Choose the spending category"),
      item("budget-owner", "Confirm the budget owner or cost centre"),
      item("budget-recurring", "Note recurring or multi-year costs", "recommended", "Subscriptions and renewals change the approval path."),
      item("budget-capex", "Flag capital versus operating spend", "optional"),
    ],
  },
  {
    id: "vendor",
    title: "Prepare vendor diligence",
    summary: "Have the supplier paperwork ready before it is asked for.",
    items: [
      item("vendor-name", "Name the preferred vendor"),
      item("vendor-quote", "Attach a current quote", "required", "Upload it to the request's Files tab."),
      item("vendor-competing", "Collect a competing quote", "recommended", "Expected above your policy threshold."),
      item("vendor-status", "Check the vendor's status and risk in the workspace", "recommended"),
      item("vendor-documents", "Gather security, insurance or tax documents", "optional"),
    ],
  },
  {
    id: "delivery",
    title: "Plan delivery and handoff",
    summary: "Know who receives it and what done looks like.",
    items: [
      item("delivery-address", "Give the delivery address and receiving contact"),
      item("delivery-receipt", "Name who confirms receipt"),
      item("delivery-acceptance", "Agree on acceptance criteria", "recommended", "What must be true before the invoice is paid?"),
      item("delivery-onboarding", "Plan installation, onboarding or training", "recommended"),
      item("delivery-renewal", "Note renewal or end-of-term dates", "optional"),
    ],
  },
];

export const checklistItemCount = checklistSections.reduce((total, section) => total + section.items.length, 0);
