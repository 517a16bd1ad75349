import { queryOptions, useQuery } from "@tanstack/react-query";
import { notificationSettings, type NotificationSettings } from "@procure/contracts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const notificationSettingsKey = () => [...queryKeys.me(), "notifications"];

export async function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return notificationSettings.parse(await api.get<unknown>("/api/me/notifications", signal));
}

export const getNotificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: notificationSettingsKey(), queryFn: ({ signal }) => getNotificationSettings(signal) });

export const useNotificationSettings = () => useQuery(getNotificationSettingsQueryOptions());
