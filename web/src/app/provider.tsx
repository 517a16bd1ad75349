import { useState, type ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { Toaster } from "sonner";
import { createQueryClient } from "@/lib/query-client";
import { SessionProvider, useSession } from "@/lib/auth";
import { ThemeProvider, useTheme } from "@/lib/theme";
import { useLiveInvalidation } from "@/lib/live";

function LiveBridge() {
  const { status, token } = useSession();
  useLiveInvalidation(status === "authenticated" ? token : null);
  return null;
}

function ThemedToaster() {
  const { theme } = useTheme();
  return <Toaster theme={theme} position="top-right" richColors closeButton />;
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <SessionProvider>
          <LiveBridge />
          {children}
          <ThemedToaster />
        </SessionProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
