import type { ReactNode } from "react";
import { CountUp } from "./count-up";

type Props = { label: string; value: number; format?: (n: number) => string; hint?: ReactNode; loading?: boolean };

export function KpiCard({ label, value, format, hint, loading }: Props) {
  return (
    <div className="card kpi">
      <span className="kpi-label">{label}</span>
      <span className="kpi-value">{loading ? <span className="skeleton" style={{ width: 80, height: 26 }} /> : <CountUp value={value} format={format} />}</span>
      {hint ? <span className="kpi-hint">{hint}</span> : null}
    </div>
  );
}
