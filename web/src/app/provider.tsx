import { lazy, Suspense, useState, type ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { createQueryClient } from "@/lib/query-client";
import { SessionProvider, useSession } from "@/lib/auth";
import { ThemeProvider, useTheme } from "@/lib/theme";

// Only signed-in screens raise toasts, so a visitor's pages never download the toast library.
const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

function ThemedToaster() {
  const { theme } = useTheme();
  const { status } = useSession();
  if (status !== "authenticated") return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={theme} position="top-right" richColors closeButton />
    </Suspense>
  );
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <SessionProvider>
          {children}
          <ThemedToaster />
        </SessionProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
