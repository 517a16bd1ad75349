import { useCallback, useState } from "react";
import type { z } from "zod";
import { errorCodes, staleRecordDetails } from "@procure/contracts";
import { ApiError } from "./api-client";

/** A save refused because someone changed the record after the form was filled from it. */
export type EditConflict<T> = {
  /** The record as it is now, for "Reload". */
  current: T;
  changedBy: string[];
  changedAt: string | null;
  /** The labels of the form's fields whose values differ between what the form opened with and the record now. */
  changedFields: string[];
};

type Versioned = { version: number };
type State<T> = { source: T | null; base: T | null; conflict: EditConflict<T> | null };

/** The labels of the fields whose values differ between two versions of a record (or of the form filled from each). */
export function changedFieldLabels<V extends object>(before: V, after: V, labels: Partial<Record<keyof V & string, string>>): string[] {
  return Object.entries(labels).flatMap(([field, label]) => {
    const key = field as keyof V;
    return JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null) ? [] : [label as string];
  });
}

/**
 * How a form compares two versions of its record: `schema` reads the record a 412 answers, `labels` names the fields
 * a conflict lists, keyed as `view` shows the record (the form's values, so that what the form does not show, such
 * as the lines an order of one total keeps, is never listed); without `view` the record's own fields.
 */
export type ConflictFields<T, V extends object> = { schema: z.ZodType<T>; labels: Partial<Record<keyof V & string, string>>; view?: (record: T) => V };

/**
 * Saves made on the version of a record the form was filled from, and what to show when that version is stale.
 * `record` is what the form opened with (null when closed or new); `version` is what a save sends as If-Match.
 * `caught` takes a save's error: a 412 becomes the conflict, leaving the form as typed, and anything else is left to
 * the form. `reload` takes the record as it is now: the next save is made on its version.
 */
export function useEditConflict<T extends Versioned, V extends object = T>(record: T | null, { schema, labels, view }: ConflictFields<T, V>) {
  const [state, setState] = useState<State<T>>({ source: record, base: record, conflict: null });
  // Another record, or the form opened again: start from what it shows.
  if (state.source !== record) setState({ source: record, base: record, conflict: null });
  const base = state.source === record ? state.base : record;

  const caught = useCallback(
    (error: unknown): boolean => {
      if (!(error instanceof ApiError) || error.status !== 412 || error.code !== errorCodes.preconditionFailed || !base) return false;
      const current = schema.safeParse(error.current);
      if (!current.success) return false;
      const details = staleRecordDetails.safeParse(error.details);
      const conflict: EditConflict<T> = {
        current: current.data,
        changedBy: details.success ? details.data.changed_by : [],
        changedAt: details.success ? details.data.changed_at : null,
        changedFields: view
          ? changedFieldLabels(view(base), view(current.data), labels)
          : changedFieldLabels(base as unknown as V, current.data as unknown as V, labels),
      };
      setState((now) => ({ ...now, conflict }));
      return true;
    },
    [base, schema, labels, view],
  );

  const reload = useCallback((): T | null => {
    const current = state.conflict?.current ?? null;
    if (current) setState((now) => ({ ...now, base: current, conflict: null }));
    return current;
  }, [state.conflict]);

  return { base, version: base?.version, conflict: state.source === record ? state.conflict : null, caught, reload };
}
