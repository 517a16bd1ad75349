import { amountLine, errorCodes, linesTotal, toCents, volumeUnitPrice, type CreateRequestBody, type RequestLine } from "@procure/contracts";
import { itemDecider } from "@procure/domain";
import type { LoadStream } from "../../commands/handle-command.ts";
import { HttpError } from "../../plugins/errors.ts";

/**
 * A request's lines as they will be recorded, and its amount (their sum, in whole cents). A catalogue line is priced
 * from the item's own stream at the quantity asked for (its volume tier), never at a price the client sent; a body
 * with only an amount is one line of it.
 */
export async function pricedRequestLines(load: LoadStream, body: CreateRequestBody): Promise<{ lines: RequestLine[]; amount: number }> {
  const lines = body.lines
    ? await Promise.all(
        body.lines.map(async (line): Promise<RequestLine> => {
          const itemId = line.catalogue_item_id ?? null;
          return {
            description: line.description,
            quantity: line.quantity,
            unit_price: itemId ? await itemPrice(load, itemId, line.quantity) : toCents(line.unit_price ?? 0),
            catalogue_item_id: itemId,
          };
        }),
      )
    : [amountLine(body.title, body.amount ?? 0)];
  return { lines, amount: linesTotal(lines) };
}

async function itemPrice(load: LoadStream, id: string, quantity: number): Promise<number> {
  const { state } = await load(itemDecider, id);
  if (!state.exists) throw new HttpError(400, errorCodes.validation, "Choose a valid catalogue item.");
  return toCents(volumeUnitPrice(state.data, quantity));
}
