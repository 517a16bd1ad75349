import { lazy, Suspense, useState, type CSSProperties, type ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { createQueryClient } from "@/lib/query-client";
import { SessionProvider, useSession } from "@/lib/auth";
import { ThemeProvider, useTheme } from "@/lib/theme";

// Only signed-in screens raise toasts, so a visitor's pages never download the toast library.
const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/** A modal drawer turns pointer events off around it; a toast's button (a decision's Undo) must still take a click. */
const toastsAboveModals: CSSProperties = { pointerEvents: "auto" };

/**
 * The toast library's light colours for success, error and info text sit just under the 4.5:1 contrast ratio on
 * their own backgrounds; these are the same hues, darker. The dark theme's pass as they are.
 */
const readableLightToasts = {
  ...toastsAboveModals,
  "--success-text": "hsl(140, 100%, 21%)",
  "--error-text": "hsl(360, 100%, 37%)",
  "--info-text": "hsl(210, 92%, 35%)",
} as CSSProperties;

function ThemedToaster() {
  const { theme } = useTheme();
  const { status } = useSession();
  if (status !== "authenticated") return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={theme} position="top-right" richColors closeButton style={theme === "light" ? readableLightToasts : toastsAboveModals} />
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
