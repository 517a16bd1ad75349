import type { Page } from "playwright-core";

/**
 * Over the table rows `rowSelector` finds (the first ten), how far apart one row's cells start or end at most, in CSS
 * pixels, and how many rows were measured. A cell laid out as anything but a table cell sits half a pixel off, and
 * its border with it.
 */
export function cellEdgeSpread(page: Page, rowSelector: string): Promise<{ rows: number; spread: number }> {
  return page.$$eval(rowSelector, (rows) => {
    const spreadOf = (edges: number[]) => Math.max(...edges) - Math.min(...edges);
    const spreads = rows.slice(0, 10).flatMap((row) => {
      const boxes = [...row.querySelectorAll("td")].map((cell) => cell.getBoundingClientRect());
      return [spreadOf(boxes.map((box) => box.top)), spreadOf(boxes.map((box) => box.bottom))];
    });
    return { rows: Math.min(rows.length, 10), spread: Math.max(0, ...spreads) };
  });
}
