import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { budget as budgetSchema, periodLabel, type Budget, type CreateBudgetBody } from "@procure/contracts";
import { Drawer } from "@/components/ui/drawer";
import { DrawerActions } from "@/components/ui/drawer-actions";
import { FormError } from "@/components/ui/form-error";
import { EditConflictNotice } from "@/components/ui/edit-conflict";
import { useEditConflict } from "@/lib/use-edit-conflict";
import { FormField, formFieldIds } from "@/components/ui/form-field";
import { showServerError } from "@/lib/server-field-error";
import { useSaveBudget } from "../api/save-budget";
import { useBudgetCategories } from "../api/get-budget-categories";
import { blankBudget, budgetFields, budgetHints, budgetResolver, budgetToForm, type BudgetField, type BudgetFormValues } from "../lib/budget-form";

type Props = { budget: Budget | null; defaultPeriod: string; open: boolean; onOpenChange: (open: boolean) => void };

/** The form's fields as a conflict names them. */
const conflictLabels = { category_id: "Category", period: "Period", amount: "Amount" } as const;

/** Creates a budget (budget = null) or edits one; a save sends every field. */
export function BudgetDrawer({ budget, defaultPeriod, open, onOpenChange }: Props) {
  const save = useSaveBudget();
  const categories = useBudgetCategories(open);
  const [formError, setFormError] = useState<string | null>(null);
  const edit = useEditConflict(open ? budget : null, { schema: budgetSchema, labels: conflictLabels, view: budgetToForm });
  const { register, handleSubmit, reset, setError, formState } = useForm<BudgetFormValues, unknown, CreateBudgetBody>({
    resolver: budgetResolver,
    defaultValues: blankBudget(defaultPeriod),
  });
  const { errors } = formState;

  useEffect(() => {
    if (!open) return;
    reset(budget ? budgetToForm(budget) : blankBudget(defaultPeriod));
    setFormError(null);
  }, [open, budget, defaultPeriod, reset]);

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    save.mutate(
      { id: budget?.id ?? null, body, version: edit.version },
      {
        onSuccess: (saved) => {
          toast.success(budget ? "Budget updated" : "Budget created", { description: `${saved.category_name ?? "Category"}, ${periodLabel(saved.period)}` });
          onOpenChange(false);
        },
        onError: (error) => {
          if (edit.caught(error)) return;
          showServerError(error, budgetFields, budgetHints, { setError, setFormError });
          toast.error("Save failed");
        },
      },
    );
  });

  const messageOf = (name: BudgetField) => errors[name]?.message;
  const { idOf, aria } = formFieldIds<BudgetField>("budget", messageOf);

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={budget ? "Edit budget" : "New budget"}
      description="Approved requests in the category count against the budget of the period they were approved in."
      footer={
        <DrawerActions
          formId="budget-form"
          submitLabel={budget ? "Save budget" : "Create budget"}
          onCancel={() => onOpenChange(false)}
          saving={save.isPending}
        />
      }
    >
      <form id="budget-form" className="form-grid" onSubmit={onSubmit} noValidate>
        <FormField id={idOf("category_id")} className="span-2" label="Category" error={messageOf("category_id")}>
          <select className="select" autoFocus {...aria("category_id")} {...register("category_id")}>
            <option value="">{categories.isPending ? "Loading categories…" : "Choose a category"}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={idOf("period")} label="Period" hint="A year (2026), a quarter (2026-Q4) or a month (2026-11)." error={messageOf("period")}>
          <input className="input" spellCheck={false} autoComplete="off" {...aria("period", true)} {...register("period")} />
        </FormField>
        <FormField id={idOf("amount")} label="Amount (USD)" error={messageOf("amount")}>
          <input className="input" type="number" inputMode="decimal" min={0} step={0.01} {...aria("amount")} {...register("amount")} />
        </FormField>
        <FormError message={formError} />
        <EditConflictNotice
          conflict={edit.conflict}
          what="budget"
          onReload={() => {
            const current = edit.reload();
            if (current) reset(budgetToForm(current));
          }}
        />
      </form>
    </Drawer>
  );
}
