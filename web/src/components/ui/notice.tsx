import type { ReactNode } from "react";

type Tone = "info" | "warning" | "error" | "success" | "neutral";
const icons: Record<Tone, string> = { info: "i", warning: "!", error: "!", success: "✓", neutral: "•" };

export function Notice({ tone = "neutral", children, role }: { tone?: Tone; children: ReactNode; role?: "status" | "alert" }) {
  return (
    <div className={`notice notice-${tone}`} role={role}>
      <span className="notice-icon" aria-hidden="true">
        {icons[tone]}
      </span>
      <div>{children}</div>
    </div>
  );
}
