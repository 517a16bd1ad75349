/** Events of categories, catalogue items, feeds, PunchOut, approval rules and work orders. */
export const catalogueEventSchemas = {} as const;
