import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "sonner";
import { categoryBody, coverageLevels, type CoverageLevel, type OverviewCategory } from "@procure/contracts";
import type { z } from "zod";
import { Drawer } from "@/components/ui/drawer";
import { DrawerActions } from "@/components/ui/drawer-actions";
import { FormError } from "@/components/ui/form-error";
import { FormField, formFieldIds } from "@/components/ui/form-field";
import { showServerError } from "@/lib/server-field-error";
import { useCreateCategory } from "../api/create-category";
import { withFieldMessages } from "../lib/field-messages";

type Input = z.input<typeof categoryBody>;
type Output = z.output<typeof categoryBody>;
type Coverage = { business_unit: string; level: CoverageLevel }[];

const fields = ["name", "parent_id", "contract_number", "preferred_suppliers", "units_of_measure", "coverage"] as const;
type Field = (typeof fields)[number];

const resolver = withFieldMessages(zodResolver(categoryBody), { name: "Enter a name of up to 120 characters." });
const blank: Input = {
  name: "",
  parent_id: "",
  contract_number: "",
  preferred_suppliers: [],
  units_of_measure: [],
  coverage: [],
  requires_finance_review: false,
};
const commaList = (value: unknown) =>
  typeof value === "string"
    ? value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : value;

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
        showServerError<Field>(error, fields, { parent_id: /parent|itself/i }, { setError, setFormError });
        toast.error("Save failed");
      },
    });
  });

  const messageOf = (name: Field) => errors[name]?.message ?? (name === "coverage" ? errors.coverage?.root?.message : undefined);
  const { idOf, aria } = formFieldIds<Field>("category", messageOf);

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title="New category"
      description="Categories group items, name their preferred suppliers and record coverage per business unit."
      footer={<DrawerActions formId="category-form" submitLabel="Create category" onCancel={() => onOpenChange(false)} saving={create.isPending} />}
    >
      <form id="category-form" className="form-grid" onSubmit={onSubmit} noValidate>
        <FormField id={idOf("name")} className="span-2" label="Name" error={messageOf("name")}>
          <input className="input" autoFocus {...aria("name")} {...register("name")} />
        </FormField>
        <FormField id={idOf("parent_id")} label="Parent" qualifier="optional" error={messageOf("parent_id")}>
          <select className="select" {...aria("parent_id")} {...register("parent_id")}>
            <option value="">Top level</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={idOf("contract_number")} label="Contract number" qualifier="optional" error={messageOf("contract_number")}>
          <input className="input" {...aria("contract_number")} {...register("contract_number")} />
        </FormField>
        <FormField
          id={idOf("preferred_suppliers")}
          className="span-2"
          label="Preferred suppliers"
          qualifier="comma separated"
          error={messageOf("preferred_suppliers")}
        >
          <input className="input" {...aria("preferred_suppliers")} {...register("preferred_suppliers", { setValueAs: commaList })} />
        </FormField>
        <FormField id={idOf("units_of_measure")} className="span-2" label="Units of measure" qualifier="comma separated" error={messageOf("units_of_measure")}>
          <input className="input" {...aria("units_of_measure")} {...register("units_of_measure", { setValueAs: commaList })} />
        </FormField>
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
          {messageOf("coverage") ? (
            <span className="field-error" id={`${idOf("coverage")}-error`}>
              {messageOf("coverage")}
            </span>
          ) : null}
        </fieldset>
        <label className="cat-check span-2">
          <input type="checkbox" {...register("requires_finance_review")} />
          <span>Changes need a finance review</span>
        </label>
        <FormError message={formError} />
      </form>
    </Drawer>
  );
}
