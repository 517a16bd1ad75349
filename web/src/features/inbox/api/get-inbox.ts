import { useQuery } from "@tanstack/react-query";
import { getInboxQueryOptions } from "@/lib/inbox-counts";

export const useInbox = (enabled: boolean) => useQuery({ ...getInboxQueryOptions(), enabled });
