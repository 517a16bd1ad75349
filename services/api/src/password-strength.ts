import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { errorCodes, weakPasswordMessage } from "@procure/contracts";
import { HttpError } from "./plugins/errors.ts";

/** zxcvbn's scale runs 0–4; 3 is "safely unguessable" against an offline attack on a slow hash such as ours. */
const MIN_SCORE = 3;
const fallbackHint = "Add another word or two that are less common.";

/** The dictionaries take a few megabytes and a third of a second to index: loaded on the first password checked. */
let estimator: Promise<ZxcvbnFactory> | undefined;
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-en")]).then(
    ([{ ZxcvbnFactory }, common, en]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      }),
  );
  return estimator;
}

/** Why a password is easy to guess, in the estimator's words; null when it is strong enough. */
export async function passwordWeakness(password: string): Promise<string | null> {
  const { score, feedback } = (await loadEstimator()).check(password);
  if (score >= MIN_SCORE) return null;
  const hints = [feedback.warning, ...feedback.suggestions].filter((hint): hint is string => Boolean(hint));
  return [weakPasswordMessage, ...(hints.length > 0 ? hints : [fallbackHint])].join(" ");
}

/**
 * Refuses a password that is easy to guess with a 400 naming the field, so a form shows the hint beside it. The
 * length rule is the body schema's (`contracts`), checked before this.
 */
export async function requireStrongPassword(password: string, field: string): Promise<void> {
  const weakness = await passwordWeakness(password);
  if (weakness) throw new HttpError(400, errorCodes.validation, weakness, [{ path: `body.${field}`, message: weakness }]);
}
