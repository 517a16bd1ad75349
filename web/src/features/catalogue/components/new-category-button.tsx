import { useState } from "react";
import type { OverviewCategory } from "@procure/contracts";
import { CategoryDrawer } from "./category-drawer";

type Props = { categories: readonly OverviewCategory[]; businessUnits: readonly string[] };

export function NewCategoryButton({ categories, businessUnits }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-sm" onClick={() => setOpen(true)}>
        New category
      </button>
      <CategoryDrawer open={open} onOpenChange={setOpen} categories={categories} businessUnits={businessUnits} />
    </>
  );
}
