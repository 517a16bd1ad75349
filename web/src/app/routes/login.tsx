import { AuthLayout } from "@/features/auth/components/auth-layout";
import { LoginForm } from "@/features/auth/components/login-form";

export function Component() {
  return (
    <AuthLayout>
      <LoginForm />
    </AuthLayout>
  );
}
