/** Read-model columns that hold JSON get it as text. */
export const json = (value: unknown) => JSON.stringify(value);
