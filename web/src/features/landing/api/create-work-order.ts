import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const workOrderPriorities = ["low", "normal", "high", "urgent"] as const;
export type WorkOrderPriority = (typeof workOrderPriorities)[number];

export type WorkOrderInput = {
  title: string;
  details: string;
  requesterName: string;
  requesterEmail: string;
  priority: WorkOrderPriority;
  dueDate: string;
};

/** All text is trimmed; optional blanks go out as null. */
export function toWorkOrderBody(input: WorkOrderInput) {
  const details = input.details.trim();
  const dueDate = input.dueDate.trim();
  return {
    title: input.title.trim(),
    details: details === "" ? null : details,
    requesterName: input.requesterName.trim(),
    requesterEmail: input.requesterEmail.trim(),
    priority: input.priority,
    dueDate: dueDate === "" ? null : dueDate,
  };
}

export async function createWorkOrder(input: WorkOrderInput): Promise<{ id: string | number }> {
  const body = await api.post<{ id?: unknown }>("/api/work-orders", toWorkOrderBody(input));
  const id = body?.id;
  if (typeof id !== "string" && typeof id !== "number") throw new Error("The work order response had no id.");
  return { id };
}

export const useCreateWorkOrder = () => useMutation({ mutationFn: createWorkOrder });
