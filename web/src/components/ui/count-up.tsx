import { useCountUp } from "@/lib/format";

const whole = (n: number) => String(Math.round(n));

/** Renders the animated number through `format`; screen readers get the final value only. */
export function CountUp({ value, format = whole }: { value: number; format?: (n: number) => string }) {
  const shown = useCountUp<HTMLSpanElement>(value, format);
  return (
    <>
      <span aria-hidden="true" ref={shown} />
      <span className="visually-hidden">{format(value)}</span>
    </>
  );
}
