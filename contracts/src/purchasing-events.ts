/** Events of vendors and purchase orders: filled in by the purchasing feature. */
export const purchasingEventSchemas = {} as const;
