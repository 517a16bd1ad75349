/** Named counters in `rm_counters`, a table of a handful of rows that several projections add to. */
export const counterNames = {
  openOrders: "orders:open",
};
