import { useEffect, useState } from "react";

/** The value once it has stopped changing for `delay` ms, so typing a search asks the server once, not per key. */
export function useSettledValue<T>(value: T, delay = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
