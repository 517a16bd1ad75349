import type { ApprovalStage } from "@procure/contracts";

export type StageProgress = { label: string; tone: string; current: boolean };

const tones: Record<string, string> = { approved: "badge-success", denied: "badge-danger", waiting: "badge-warning" };

/**
 * How each approval stage reads on a request. Stages are decided in order, so only the first one still waiting is
 * waiting on someone now; the ones after it are upcoming, not a second queue to chase.
 */
export function stageProgress(stages: readonly ApprovalStage[]): StageProgress[] {
  const current = stages.findIndex((stage) => stage.status === "waiting");
  return stages.map((stage, index) =>
    stage.status === "waiting" && index > current
      ? { label: "upcoming", tone: "", current: false }
      : { label: stage.status, tone: tones[stage.status] ?? "", current: index === current },
  );
}
