import { useMutation, useQueryClient } from "@tanstack/react-query";
import { notificationSettings, type NotificationSettings } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { notificationSettingsKey } from "./get-notification-settings";

export async function updateNotificationSettings(body: NotificationSettings): Promise<NotificationSettings> {
  return notificationSettings.parse(await api.put<unknown>("/api/me/notifications", body));
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsKey(), saved),
  });
}
