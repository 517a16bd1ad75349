import { newId } from "../../commands/new-id.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createVendorBody, idParams, updateVendorBody, vendor, vendorHistory, vendorListQuery } from "@procure/contracts";
import { vendorDecider, vendorNameDecider, vendorStreamId } from "@procure/domain";
import { getVendor, listVendors } from "@procure/projections/purchasing";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { HttpError } from "../../plugins/errors.ts";
import { nextLink } from "../../http/pagination.ts";
import { decodeCursor, encodeCursor, isAnyText, isUuid } from "../../http/cursor.ts";
import { vendorHistoryOf } from "./vendor-history.ts";
import { commandErrors } from "../../http/error-responses.ts";

/** Vendors page by name, then id. */
function vendorAfter(cursor: string | undefined) {
  const parts = decodeCursor(cursor, [isAnyText, isUuid]);
  return parts && { key: parts[0]!, id: parts[1]! };
}

/** The read models the answers read: a command waits for these, and the websocket tells about the rest. */
const reads = ["vendors"];
const errors = commandErrors;

const vendorRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);

  const answerWithVendor = (id: string) => async () => {
    const row = await getVendor(deps.db, id);
    if (!row) throw new HttpError(404, "not_found", "Vendor not found.");
    return row;
  };

  app.get(
    "/api/vendors",
    {
      preValidation: app.requirePermission("vendors:read"),
      schema: { tags: ["vendors"], querystring: vendorListQuery, response: { 200: z.array(vendor), ...errors } },
    },
    async (request, reply) => {
      const { q, status, risk, cursor } = request.query;
      const limit = request.query.limit ?? 200;
      const rows = await listVendors(deps.db, { q, status, risk, limit, after: vendorAfter(cursor) });
      const last = rows.at(-1);
      if (rows.length === limit && last) reply.header("link", nextLink(request.url, encodeCursor(last.name.toLowerCase(), last.id)));
      return rows;
    },
  );

  app.get(
    "/api/vendors/:id",
    { preValidation: app.requirePermission("vendors:read"), schema: { tags: ["vendors"], params: idParams, response: { 200: vendor, ...errors } } },
    async (request) => answerWithVendor(request.params.id)(),
  );

  app.get(
    "/api/vendors/:id/history",
    {
      preValidation: app.requirePermission("vendors:read"),
      schema: { tags: ["vendors"], params: idParams, response: { 200: vendorHistory, ...errors } },
    },
    async (request) => {
      const events = await deps.store.readStream(vendorStreamId(request.params.id));
      if (events.length === 0) throw new HttpError(404, "not_found", "Vendor not found.");
      return { items: vendorHistoryOf(events) };
    },
  );

  app.post(
    "/api/vendors",
    { preValidation: app.requirePermission("vendors:write"), schema: { tags: ["vendors"], body: createVendorBody, response: { 201: vendor, ...errors } } },
    async (request, reply) => {
      const id = newId(request);
      const b = request.body;
      return handleCommand(deps, request, reply, {
        reads,
        status: 201,
        // A lost race for the name re-decides, and then meets the name's reservation.
        retryOnConflict: true,
        commands: [
          on(vendorNameDecider, b.name, { type: "ReserveVendorName", name: b.name, vendor_id: id }),
          on(vendorDecider, id, {
            type: "RegisterVendor",
            vendor: {
              vendor_id: id,
              name: b.name,
              status: b.status,
              risk: b.risk,
              website: b.website ?? null,
              notes: b.notes ?? null,
              renewal_date: b.renewal_date ?? null,
            },
          }),
        ],
        respond: answerWithVendor(id),
      });
    },
  );

  app.patch(
    "/api/vendors/:id",
    {
      preValidation: app.requirePermission("vendors:write"),
      schema: { tags: ["vendors"], params: idParams, body: updateVendorBody, response: { 200: vendor, ...errors } },
    },
    async (request, reply) => {
      const { id } = request.params;
      return handleCommand(deps, request, reply, {
        reads,
        // Changes name their fields, so re-applying them over a concurrent edit loses nothing.
        retryOnConflict: true,
        commands: on(vendorDecider, id, { type: "ChangeVendor", changes: request.body }),
        respond: answerWithVendor(id),
      });
    },
  );
};

export default vendorRoutes;
