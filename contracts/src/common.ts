import { z } from "zod";
import { controlCharacterMessage, isOneLine, isPlainText, isSafeText, oneLineMessage, unsafeTextMessage } from "./safe-text.ts";

/** Free text users type: trimmed, bounded so a huge string is a 400, not a stored row. */
export const safeString = () => z.string().refine(isSafeText, { error: unsafeTextMessage });

/**
 * Multi-line text (a description, a comment, a note): line breaks and tabs kept, other control characters refused.
 * Anything meant as one line (a title, a name, a number) is `singleLine` or `requiredLine` instead.
 */
export const shortText = (max = 200) => safeString().refine(isPlainText, { error: controlCharacterMessage }).trim().max(max);
export const requiredText = (max = 200) => shortText(max).min(1);

/**
 * The one string a line is built from: no line break or other control character, checked before trimming so
 * "Title\n" is refused rather than quietly cut. `params` names the message for a value that is not a string.
 */
export const lineString = (params?: { error: string }) =>
  z.string(params).refine(isSafeText, { error: unsafeTextMessage }).refine(isOneLine, { error: oneLineMessage });
/** Optional one-line text: a title, a name, a supplier, a number typed by hand. */
export const singleLine = (max = 200) => lineString().trim().max(max);
export const requiredLine = (max = 200) => singleLine(max).min(1);

export const uuid = z.uuid();
export const idParams = z.object({ id: z.uuid() });
export type IdParams = z.infer<typeof idParams>;

/**
 * The most any amount may be: one a user enters (a price, a request's amount, a budget) and one the product works
 * out for a record (a line's quantity × unit price, an order's or invoice's total). Read models keep sums of many
 * such records, so their columns are far wider than this (see docs/architecture.md, "Amounts").
 */
export const AMOUNT_MAX = 1_000_000_000;
export const amountMaxText = AMOUNT_MAX.toLocaleString("en-US");
export const withinAmountMax = (amount: number) => Number.isFinite(amount) && amount <= AMOUNT_MAX;
/** What a refused amount is told, naming what it is ("A line's total (quantity × unit price)"). */
export const amountTooLargeMessage = (what: string) => `${what} must be at most ${amountMaxText}.`;

/** Money is a non-negative finite number with at most two decimals' worth of meaning. */
export const amountTooLarge = amountTooLargeMessage("An amount");
export const money = z.number().finite().min(0).max(AMOUNT_MAX, { error: amountTooLarge });

/** Money is kept, routed and summed in whole cents: the one rounding every amount and total goes through. */
export const toCents = (amount: number) => Math.round(amount * 100) / 100;

/** Optional text that arrives as "" from forms and is stored as null. */
export const blankAsNull = (schema: z.ZodType<string>) => z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), schema.nullable());

export const isoDate = z.iso.date();
export const timestamp = z.string();

export const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  cursor: z.string().max(200).optional(),
  q: safeString().trim().max(200).optional(),
});
