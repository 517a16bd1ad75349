/** Read-model columns that hold JSON get it as text. */
export const json = (value: unknown) => JSON.stringify(value);

const dayMs = 86_400_000;
export const addDays = (iso: string, days: number) => new Date(new Date(iso).getTime() + days * dayMs).toISOString();
