import type { Role } from "@procure/contracts";

/** Stages are decided in order, so they read as a numbered sequence. */
export function StageList({ stages }: { stages: readonly Role[] }) {
  return (
    <ol className="set-stages" aria-label={`Stages: ${stages.join(", then ")}`}>
      {stages.map((stage, index) => (
        <li key={stage} className="set-stage">
          <span className="set-stage-step" aria-hidden="true">
            {index + 1}
          </span>
          {stage}
        </li>
      ))}
    </ol>
  );
}
