import { defaultRuleStages } from "@procure/contracts";

export const invalidStagesJsonMessage =
  'Stages are not valid JSON. Write a list in square brackets with each role in double quotes, such as ["approver", "finance"].';

export type StagesText = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Reads the stages box. Only the JSON syntax is judged here; which roles may appear, and how often, is the
 * contract's rule (ruleStages), applied afterwards to whatever this returns.
 */
export function readStagesText(text: string): StagesText {
  if (text.trim() === "") return { ok: false, message: invalidStagesJsonMessage };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: invalidStagesJsonMessage };
  }
}

export const stagesText = (stages: readonly string[] = defaultRuleStages) => JSON.stringify(stages);
