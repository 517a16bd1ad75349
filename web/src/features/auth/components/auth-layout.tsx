import type { ReactNode } from "react";
import { PublicHeader } from "@/components/layout/public-header";

export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth-page">
      <PublicHeader />
      <main className="auth-main">{children}</main>
    </div>
  );
}
