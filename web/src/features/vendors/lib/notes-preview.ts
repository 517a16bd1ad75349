const PREVIEW_LENGTH = 160;
const ELLIPSIS = "...";

/** A vendor card shows at most 160 characters of notes: 157 and an ellipsis when they run longer. */
export function notesPreview(notes: string | null | undefined): string {
  const text = (notes ?? "").trim();
  return text.length <= PREVIEW_LENGTH ? text : `${text.slice(0, PREVIEW_LENGTH - ELLIPSIS.length)}${ELLIPSIS}`;
}
