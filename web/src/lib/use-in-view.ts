import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Whether an element is on screen, for a control that should step aside while it is (the floating + button beside
 * the list's own tools). Without IntersectionObserver the element counts as out of view, so nothing is hidden.
 */
export function useInView<T extends Element>(): [(element: T | null) => void, boolean] {
  const [inView, setInView] = useState(false);
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof IntersectionObserver === "undefined") return setInView(false);
    observer.current = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false));
    observer.current.observe(element);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, inView];
}
