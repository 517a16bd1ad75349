import { useState } from "react";
import { toast } from "sonner";
import type { ApprovalRule } from "@procure/contracts";
import { errorMessage } from "@/lib/api-client";
import { Notice } from "@/components/ui/notice";
import { useApprovalRules } from "../api/get-approval-rules";
import { useDeleteApprovalRule } from "../api/delete-approval-rule";
import { useRuleVendors } from "../api/get-rule-targets";
import { RulesTable } from "./rules-table";
import { RuleDrawer } from "./rule-drawer";
import { useDialogState } from "@/lib/use-dialog-state";

export const deleteRuleQuestion = "Delete this rule?";

/** "new": creating; a rule: editing it. */
type Editing = "new" | ApprovalRule;

export function ApprovalRules({ canEdit }: { canEdit: boolean }) {
  const rules = useApprovalRules();
  const remove = useDeleteApprovalRule();
  const vendors = useRuleVendors(Boolean(rules.data?.some((rule) => rule.vendor_id)));
  const editing = useDialogState<Editing>();
  const [heading, setHeading] = useState<HTMLHeadingElement | null>(null);

  const onDelete = (rule: ApprovalRule) => {
    if (!window.confirm(deleteRuleQuestion)) return;
    remove.mutate(rule.id, {
      onSuccess: () => {
        toast.success("Rule deleted", { description: rule.name });
        // The row and its button are gone; the section heading keeps keyboard users in place.
        heading?.focus();
      },
      onError: (error) => toast.error("Delete failed", { description: errorMessage(error) }),
    });
  };

  return (
    <section className="card" id="approval-rules" aria-labelledby="rules-title">
      <div className="card-header">
        <div className="set-heading">
          <h2 id="rules-title" className="card-title" tabIndex={-1} ref={setHeading}>
            Approval rules
          </h2>
          <p className="subtle">A new request follows the most specific active rule that matches it, and its stages decide it in order.</p>
        </div>
        {canEdit ? (
          <button type="button" className="btn btn-primary" onClick={() => editing.openWith("new")}>
            New rule
          </button>
        ) : null}
      </div>
      {rules.isError ? (
        <div className="card-body">
          <Notice tone="error" role="alert">
            {`Unable to load approval rules: ${errorMessage(rules.error)}`}{" "}
            <button type="button" className="btn btn-sm" onClick={() => void rules.refetch()}>
              Try again
            </button>
          </Notice>
        </div>
      ) : (
        <RulesTable
          rules={rules.data ?? []}
          loading={rules.isPending}
          canEdit={canEdit}
          vendorName={(id) => vendors.data?.find((v) => v.id === id)?.name}
          deletingId={remove.isPending ? remove.variables : undefined}
          onEdit={(rule) => editing.openWith(rule)}
          onDelete={onDelete}
        />
      )}
      {canEdit ? (
        <RuleDrawer rule={editing.value === "new" ? null : editing.value} open={editing.isOpen} onOpenChange={(open) => (open ? undefined : editing.close())} />
      ) : null}
    </section>
  );
}
