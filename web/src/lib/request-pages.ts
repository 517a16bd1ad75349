import { z } from "zod";
import { purchaseRequest, type PurchaseRequest } from "@procure/contracts";
import { api } from "./api-client";

/** One page of requests and the path of the next: the requests list and the approvals queue page the same list. */
export async function getRequestPage(path: string, signal?: AbortSignal): Promise<{ items: PurchaseRequest[]; next: string | null }> {
  const page = await api.page(path, signal);
  return { items: z.array(purchaseRequest).parse(page.items), next: page.next };
}
