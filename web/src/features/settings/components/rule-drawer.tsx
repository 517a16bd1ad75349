import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { approvalRule, stageRoles, type ApprovalRule, type ApprovalRuleInput } from "@procure/contracts";
import { Drawer } from "@/components/ui/drawer";
import { DrawerActions } from "@/components/ui/drawer-actions";
import { FormError } from "@/components/ui/form-error";
import { EditConflictNotice } from "@/components/ui/edit-conflict";
import { useEditConflict } from "@/lib/use-edit-conflict";
import { FormField, formFieldIds } from "@/components/ui/form-field";
import { showServerError } from "@/lib/server-field-error";
import { useCreateApprovalRule } from "../api/create-approval-rule";
import { useUpdateApprovalRule } from "../api/update-approval-rule";
import { useRuleCategories, useRuleVendors } from "../api/get-rule-targets";
import { blankRule, ruleFields, ruleResolver, ruleToForm, type RuleField, type RuleFormValues } from "../lib/rule-form";

type Props = { rule: ApprovalRule | null; open: boolean; onOpenChange: (open: boolean) => void };

/** The form's fields as a conflict names them. */
const conflictLabels = {
  name: "Name",
  min_amount: "Minimum amount",
  max_amount: "Maximum amount",
  category_id: "Category",
  vendor_id: "Vendor",
  stages: "Stages",
  over_budget_stages: "Over-budget stages",
  active: "Active",
} as const;

const hints: Partial<Record<RuleField, RegExp>> = { max_amount: /maximum/i, category_id: /categor/i, vendor_id: /vendor/i, stages: /stage/i };

/** Creates a rule (rule = null) or edits one; a save sends every field. */
export function RuleDrawer({ rule, open, onOpenChange }: Props) {
  const create = useCreateApprovalRule();
  const update = useUpdateApprovalRule();
  const categories = useRuleCategories(open);
  const vendors = useRuleVendors(open);
  const [formError, setFormError] = useState<string | null>(null);
  const edit = useEditConflict(open ? rule : null, { schema: approvalRule, labels: conflictLabels, view: ruleToForm });
  const { register, handleSubmit, reset, setError, formState } = useForm<RuleFormValues, unknown, ApprovalRuleInput>({
    resolver: ruleResolver,
    defaultValues: blankRule,
  });
  const { errors } = formState;
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    reset(rule ? ruleToForm(rule) : blankRule);
    setFormError(null);
  }, [open, rule, reset]);

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    const done = {
      onSuccess: (saved: ApprovalRule) => {
        toast.success(rule ? "Rule updated" : "Rule created", { description: saved.name });
        onOpenChange(false);
      },
      onError: (error: unknown) => {
        if (edit.caught(error)) return;
        showServerError(error, ruleFields, hints, { setError, setFormError });
        toast.error("Save failed");
      },
    };
    if (rule) update.mutate({ id: rule.id, body, version: edit.version }, done);
    else create.mutate(body, done);
  });

  const messageOf = (name: RuleField) => errors[name]?.message;
  const { idOf, aria } = formFieldIds<RuleField>("rule", messageOf);

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={rule ? "Edit rule" : "New rule"}
      description="Requests inside the amount range (and the category and vendor, when set) go through these stages in order."
      footer={<DrawerActions formId="rule-form" submitLabel={rule ? "Save rule" : "Create rule"} onCancel={() => onOpenChange(false)} saving={pending} />}
    >
      <form id="rule-form" className="form-grid set-form" onSubmit={onSubmit} noValidate>
        <FormField
          id={idOf("name")}
          className="span-2"
          label="Name"
          qualifier="optional"
          hint="Left blank, the rule is named after its amount range."
          error={messageOf("name")}
        >
          <input className="input" autoFocus {...aria("name", true)} {...register("name")} />
        </FormField>
        <FormField id={idOf("min_amount")} label="Minimum (USD)" error={messageOf("min_amount")}>
          <input className="input" type="number" inputMode="decimal" min={0} step={0.01} {...aria("min_amount")} {...register("min_amount")} />
        </FormField>
        <FormField id={idOf("max_amount")} label="Maximum (USD)" qualifier="optional" error={messageOf("max_amount")}>
          <input
            className="input"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="No limit"
            {...aria("max_amount")}
            {...register("max_amount")}
          />
        </FormField>
        <FormField id={idOf("category_id")} label="Category" qualifier="optional" error={messageOf("category_id")}>
          <select className="select" {...aria("category_id")} {...register("category_id")}>
            <option value="">{categories.isPending ? "Loading categories…" : "Any category"}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={idOf("vendor_id")} label="Vendor" qualifier="optional" error={messageOf("vendor_id")}>
          <select className="select" {...aria("vendor_id")} {...register("vendor_id")}>
            <option value="">{vendors.isPending ? "Loading vendors…" : "Any vendor"}</option>
            {(vendors.data ?? []).map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id={idOf("stages")}
          className="span-2"
          label="Stages (JSON array)"
          hint={
            <>
              Roles in the order they decide, for example <code>["approver", "finance"]</code>. Allowed: {stageRoles.join(", ")}.
            </>
          }
          error={messageOf("stages")}
        >
          <textarea className="textarea set-stages-input" rows={3} spellCheck={false} {...aria("stages", true)} {...register("stages")} />
        </FormField>
        <FormField
          id={idOf("over_budget_stages")}
          className="span-2"
          label="Over-budget stages (JSON array)"
          qualifier="optional"
          hint={
            <>
              Added after the stages when approving the request would take its category&apos;s budget below zero, for example <code>["finance"]</code>.
            </>
          }
          error={messageOf("over_budget_stages")}
        >
          <textarea
            className="textarea set-stages-input"
            rows={2}
            spellCheck={false}
            placeholder="None"
            {...aria("over_budget_stages", true)}
            {...register("over_budget_stages")}
          />
        </FormField>
        <label className="set-check span-2">
          <input type="checkbox" {...register("active")} />
          <span>Active: new requests can be routed by this rule</span>
        </label>
        <FormError message={formError} />
        <EditConflictNotice
          conflict={edit.conflict}
          what="rule"
          onReload={() => {
            const current = edit.reload();
            if (current) reset(ruleToForm(current));
          }}
        />
      </form>
    </Drawer>
  );
}
