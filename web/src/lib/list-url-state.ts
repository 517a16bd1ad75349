import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";

/**
 * A list's filters, search and sort kept in the address, so a view can be shared and survives a reload. Changes
 * replace the history entry (typing a search adds no Back steps); several changes at once go in one update.
 */
export function useListUrlState() {
  const [params, setParams] = useSearchParams();
  // The address as last asked for: a change made before the router has caught up with earlier ones (say a sort
  // chosen right after typing a search) builds on them, not on an address the router shows on its way there.
  const latest = useRef(params);
  const written = useRef<string[]>([]);
  // Followed once a render is committed, never while rendering: the router moves the address in a transition, and a
  // render that React starts and then drops (a keystroke came first) must leave no mark on what was asked for.
  useLayoutEffect(() => {
    const echo = written.current.indexOf(params.toString());
    if (echo >= 0) written.current.splice(0, echo + 1);
    else written.current = [];
    // Only an address nobody here asked for (Back, a link) replaces what was asked for.
    if (written.current.length === 0) latest.current = params;
  }, [params]);
  const get = useCallback((key: string) => params.get(key) ?? "", [params]);
  const set = useCallback(
    (changes: Record<string, string | null | undefined>) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      latest.current = next;
      written.current.push(next.toString());
      setParams(next, { replace: true });
    },
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

/**
 * A search box whose text goes to the address as it is typed. The box keeps its own copy, so a keystroke shows at
 * once rather than after the address has changed (which a fast typist would outrun); the address catching up with
 * what was typed changes nothing, and a change of the address from elsewhere (Back, a link) replaces the text.
 */
export function useUrlSearchText(url: ReturnType<typeof useListUrlState>, key = "q") {
  const fromUrl = url.get(key);
  const [text, setText] = useState(fromUrl);
  const written = useRef<string[]>([]);
  // As above, followed once committed: a dropped render must not take a typed text for an echo, or the reverse.
  useLayoutEffect(() => {
    const echo = written.current.indexOf(fromUrl);
    if (echo >= 0) written.current.splice(0, echo + 1);
    else {
      written.current = [];
      setText(fromUrl);
    }
  }, [fromUrl]);
  const change = (next: string) => {
    setText(next);
    written.current.push(next);
    url.set({ [key]: next });
  };
  return [text, change] as const;
}
