import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "sonner";
import { categoryBody, coverageLevels, type CoverageLevel, type OverviewCategory } from "@procure/contracts";
import type { z } from "zod";
import { Drawer } from "@/components/ui/drawer";
import { Notice } from "@/components/ui/notice";
import { useCreateCategory } from "../api/create-category";
import { withFieldMessages } from "../lib/field-messages";
import { serverFieldError } from "../lib/server-errors";

type Input = z.input<typeof categoryBody>;
type Output = z.output<typeof categoryBody>;
type Coverage = { business_unit: string; level: CoverageLevel }[];

const fields = ["name", "parent_id", "contract_number", "preferred_suppliers", "units_of_measure", "coverage"] as const;
type Field = (typeof fields)[number];

const resolver = withFieldMessages(zodResolver(categoryBody), { name: "Enter a name of up to 120 characters." });
const blank: Input = { name: "", parent_id: "", contract_number: "", preferred_suppliers: [], units_of_measure: [], coverage: [], requires_finance_review: false };
const commaList = (value: unknown) => (typeof value === "string" ? value.split(",").map((s) => s.trim()).filter(Boolean) : value);

type Props = { open: boolean; onOpenChange: (open: boolean) => void; categories: readonly OverviewCategory[]; businessUnits: readonly string[] };

export function CategoryDrawer({ open, onOpenChange, categories, businessUnits }: Props) {
  const create = useCreateCategory();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, setError, formState } = useForm<Input, unknown, Output>({ resolver, defaultValues: blank });
  const { errors } = formState;

  useEffect(() => {
    if (open) {
      reset(blank);
      setFormError(null);
    }
  }, [open, reset]);

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    create.mutate(body, {
      onSuccess: (category) => {
        toast.success("Category created", { description: category.name });
        onOpenChange(false);
      },
      onError: (error) => {
        const { field, message } = serverFieldError<Field>(error, fields, { parent_id: /parent|itself/i });
        if (field) setError(field, { type: "server", message }, { shouldFocus: true });
        else setFormError(message);
        toast.error("Save failed");
      },
    });
  });

  const errorOf = (name: Field) => {
    const message = errors[name]?.message ?? (name === "coverage" ? errors.coverage?.root?.message : undefined);
    return message ? (
      <span className="field-error" id={`category-${name}-error`}>
        {message}
      </span>
    ) : null;
  };
  const aria = (name: Field) => ({ "aria-invalid": Boolean(errors[name]), "aria-describedby": errors[name] ? `category-${name}-error` : undefined });

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title="New category"
      description="Categories group items, name their preferred suppliers and record coverage per business unit."
      footer={
        <>
          <button type="button" className="btn" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" form="category-form" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? "Saving…" : "Create category"}
          </button>
        </>
      }
    >
      <form id="category-form" className="form-grid" onSubmit={onSubmit} noValidate>
        <label className="field span-2">
          <span className="field-label">Name</span>
          <input className="input" autoFocus {...aria("name")} {...register("name")} />
          {errorOf("name")}
        </label>
        <label className="field">
          <span className="field-label">
            Parent <span className="cat-optional">(optional)</span>
          </span>
          <select className="select" {...aria("parent_id")} {...register("parent_id")}>
            <option value="">Top level</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {errorOf("parent_id")}
        </label>
        <label className="field">
          <span className="field-label">
            Contract number <span className="cat-optional">(optional)</span>
          </span>
          <input className="input" {...aria("contract_number")} {...register("contract_number")} />
          {errorOf("contract_number")}
        </label>
        <label className="field span-2">
          <span className="field-label">
            Preferred suppliers <span className="cat-optional">(comma separated)</span>
          </span>
          <input className="input" {...aria("preferred_suppliers")} {...register("preferred_suppliers", { setValueAs: commaList })} />
          {errorOf("preferred_suppliers")}
        </label>
        <label className="field span-2">
          <span className="field-label">
            Units of measure <span className="cat-optional">(comma separated)</span>
          </span>
          <input className="input" {...aria("units_of_measure")} {...register("units_of_measure", { setValueAs: commaList })} />
          {errorOf("units_of_measure")}
        </label>
        <fieldset className="field span-2 cat-fieldset">
          <legend className="field-label">Coverage by business unit</legend>
          <Controller
            control={control}
            name="coverage"
            render={({ field }) => {
              const value = (field.value ?? []) as Coverage;
              const levelOf = (unit: string) => value.find((c) => c.business_unit === unit)?.level ?? "";
              const setLevel = (unit: string, level: string) =>
                field.onChange([...value.filter((c) => c.business_unit !== unit), ...(level ? [{ business_unit: unit, level: level as CoverageLevel }] : [])]);
              return (
                <div className="cat-coverage-grid">
                  {businessUnits.map((unit) => (
                    <label key={unit} className="field">
                      <span className="cat-small">{unit}</span>
                      <select className="select" value={levelOf(unit)} onChange={(e) => setLevel(unit, e.target.value)}>
                        <option value="">Not tracked</option>
                        {coverageLevels.map((level) => (
                          <option key={level} value={level}>
                            {level}
                          </option>
                        ))}
                      </select>
                    </label>
                  ))}
                </div>
              );
            }}
          />
          {errorOf("coverage")}
        </fieldset>
        <label className="cat-check span-2">
          <input type="checkbox" {...register("requires_finance_review")} />
          <span>Changes need a finance review</span>
        </label>
        {formError ? (
          <div className="span-2">
            <Notice tone="error" role="alert">
              {formError}
            </Notice>
          </div>
        ) : null}
      </form>
    </Drawer>
  );
}
