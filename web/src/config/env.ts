/** Build-time settings; Vite inlines import.meta.env at build. */
export const env = {
  apiUrl: (import.meta.env.VITE_API_URL as string | undefined) ?? "",
  supportEmail: (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) ?? "procurement@demo.procure.test",
};
