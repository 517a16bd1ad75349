import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { member, type Member } from "@procure/contracts";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const userList = z.array(member);

/** `q`: part of an email; the server searches, so the list holds however many members there are. */
export async function getUsers(q: string, signal?: AbortSignal): Promise<Member[]> {
  const query = q ? `?${new URLSearchParams({ q })}` : "";
  return userList.parse(await api.get<unknown>(`/api/users${query}`, signal));
}

/** Under ["users"], which the server invalidates for admins whenever a member is registered or changed. */
export const getUsersQueryOptions = (q = "") =>
  queryOptions({ queryKey: [...queryKeys.users(), { q }], queryFn: ({ signal }) => getUsers(q, signal), placeholderData: keepPreviousData });

export const useUsers = (q = "", enabled = true) => useQuery({ ...getUsersQueryOptions(q), enabled });
