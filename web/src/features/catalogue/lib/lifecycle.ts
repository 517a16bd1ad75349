import type { OverviewItem } from "@procure/contracts";

export type ItemStatus = OverviewItem["status"];
export type LifecycleMove = { to: ItemStatus; label: string; done: string; primary?: boolean };

/** The stages requesters and buyers see, in order: draft → review → publish. */
export const lifecycleStages = [
  { status: "draft", label: "Draft", hint: "Buyers prepare the item" },
  { status: "review", label: "Review", hint: "Checked before it goes live" },
  { status: "published", label: "Published", hint: "Requesters can order it" },
] as const satisfies readonly { status: ItemStatus; label: string; hint: string }[];

/** The moves the server allows from each stage (items are published only after review). */
export const lifecycleMoves: Record<ItemStatus, readonly LifecycleMove[]> = {
  draft: [{ to: "review", label: "Send to review", done: "Item sent to review", primary: true }],
  review: [
    { to: "published", label: "Publish", done: "Item published", primary: true },
    { to: "draft", label: "Return to draft", done: "Item returned to draft" },
  ],
  published: [{ to: "review", label: "Reopen review", done: "Item back in review" }],
  retired: [{ to: "draft", label: "Restore as draft", done: "Item restored as draft" }],
};

export function countByStage(items: readonly OverviewItem[]): Record<ItemStatus, number> {
  const counts: Record<ItemStatus, number> = { draft: 0, review: 0, published: 0, retired: 0 };
  for (const item of items) counts[item.status] += 1;
  return counts;
}
