import { useState } from "react";
import type { OverviewCategory } from "@procure/contracts";
import { useReturnFocus } from "../lib/use-return-focus";
import { CategoryDrawer } from "./category-drawer";

type Props = { categories: readonly OverviewCategory[]; businessUnits: readonly string[] };

export function NewCategoryButton({ categories, businessUnits }: Props) {
  const [open, setOpen] = useState(false);
  const focus = useReturnFocus();
  return (
    <>
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => {
          focus.remember();
          setOpen(true);
        }}
      >
        New category
      </button>
      <CategoryDrawer
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) focus.restore();
        }}
        categories={categories}
        businessUnits={businessUnits}
      />
    </>
  );
}
