import { useLayoutEffect, useRef, useState } from "react";
import { useWindowVirtualizer } from "@tanstack/react-virtual";

const OVERSCAN = 8;

/**
 * The rows of a long list that are near the viewport, with the page itself as the scroller (the shell scrolls the
 * document, not a box). `before` and `after` are the heights the rows left out would take, so the scrollbar keeps
 * the whole list's length; rows are measured as they render, so wrapped titles and the stacked small-screen
 * layout keep their real height.
 */
export function useWindowRows<E extends HTMLElement>(count: number, estimatedHeight: number) {
  const ref = useRef<E>(null);
  // Where the list starts on the page moves as cards above it load, so it is read after every render.
  const [start, setStart] = useState(0);
  useLayoutEffect(() => {
    const top = ref.current ? Math.round(ref.current.getBoundingClientRect().top + window.scrollY) : 0;
    if (top !== start) setStart(top);
  });
  const virtualizer = useWindowVirtualizer({ count, estimateSize: () => estimatedHeight, overscan: OVERSCAN, scrollMargin: start });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  return {
    ref,
    items,
    before: first ? first.start - start : 0,
    after: last ? Math.max(0, virtualizer.getTotalSize() - (last.end - start)) : 0,
    lastIndex: last?.index ?? -1,
    measure: virtualizer.measureElement,
  };
}
