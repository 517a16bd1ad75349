import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { webhookKeys } from "./webhook-keys";

const eventTypes = z.array(z.object({ type: z.string() }));

export const useEventTypes = () =>
  useQuery({
    queryKey: webhookKeys.eventTypes,
    queryFn: async ({ signal }) => eventTypes.parse(await api.get<unknown>("/api/events/types", signal)).map((t) => t.type),
    staleTime: Infinity,
  });
