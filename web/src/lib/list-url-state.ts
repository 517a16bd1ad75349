import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";

/**
 * A list's filters, search and sort kept in the address, so a view can be shared and survives a reload. Changes
 * replace the history entry (typing a search adds no Back steps); several changes at once go in one update.
 */
export function useListUrlState() {
  const [params, setParams] = useSearchParams();
  const get = useCallback((key: string) => params.get(key) ?? "", [params]);
  const set = useCallback(
    (changes: Record<string, string | null | undefined>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { params, get, set };
}

/** One of `allowed`, or `fallback` for anything else an address may carry. */
export function oneOf<T extends string>(allowed: readonly T[], value: string, fallback: T): T;
export function oneOf<T extends string>(allowed: readonly T[], value: string): T | "";
export function oneOf<T extends string>(allowed: readonly T[], value: string, fallback: T | "" = ""): T | "" {
  return allowed.find((candidate) => candidate === value) ?? fallback;
}
