/** An ILIKE pattern that matches `q` literally anywhere in the text. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
