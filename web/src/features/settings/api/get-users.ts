import { queryOptions, useQuery } from "@tanstack/react-query";
import { user, type User } from "@procure/contracts";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const userList = z.array(user);

export async function getUsers(signal?: AbortSignal): Promise<User[]> {
  return userList.parse(await api.get<unknown>("/api/users", signal));
}

/** The server invalidates ["users"] for admins whenever an account is registered. */
export const getUsersQueryOptions = () => queryOptions({ queryKey: queryKeys.users(), queryFn: ({ signal }) => getUsers(signal) });

export const useUsers = (enabled = true) => useQuery({ ...getUsersQueryOptions(), enabled });
