import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { outboxMail, type OutboxMail } from "@procure/contracts";
import { api } from "@/lib/api-client";

export const outboxKey = () => ["notifications", "outbox"];

export async function getOutbox(signal?: AbortSignal): Promise<OutboxMail[]> {
  return z.array(outboxMail).parse(await api.get<unknown>("/api/notifications/outbox?limit=20", signal));
}

export const getOutboxQueryOptions = () => queryOptions({ queryKey: outboxKey(), queryFn: ({ signal }) => getOutbox(signal) });

export const useOutbox = (enabled = true) => useQuery({ ...getOutboxQueryOptions(), enabled });
