import { newId } from "../../commands/new-id.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createVendorBody,
  defaultVendorSort,
  idParams,
  parseSort,
  updateVendorBody,
  vendor,
  vendorExportQuery,
  vendorHistory,
  vendorListQuery,
  type Vendor,
  type VendorSortField,
} from "@procure/contracts";
import { vendorDecider, vendorNameDecider, vendorStreamId } from "@procure/domain";
import { getVendor, listVendors } from "@procure/projections/purchasing";
import type { AppDeps } from "../../deps.ts";
import { handleCommand, on } from "../../commands/handle-command.ts";
import { HttpError } from "../../plugins/errors.ts";
import { decodeSortCursor, linkNextPage } from "../../http/list-page.ts";
import { csvListText, EXPORT_PAGE_ROWS, sendCsvList } from "../../http/csv-export.ts";
import { vendorHistoryOf } from "./vendor-history.ts";
import { commandErrors, editErrors } from "../../http/error-responses.ts";
import { ifMatch, withVersion } from "../../http/record-version.ts";

/** What a vendors list shows, from its query: the screen's list and its CSV export read the same. */
function vendorListFilter(query: z.infer<typeof vendorExportQuery>) {
  const sort = query.sort ?? defaultVendorSort;
  return {
    sortToken: sort as string,
    filter: { q: query.q, status: query.status, risk: query.risk, diligence: query.diligence, sort: parseSort<VendorSortField>(sort) },
  };
}

const vendorCsvColumns = ["id", "name", "status", "risk", "diligence", "website", "renewal_date", "notes", "created_at", "updated_at"] as const;
const vendorCsvLine = (v: Vendor) => [v.id, v.name, v.status, v.risk, v.diligence.status, v.website, v.renewal_date, v.notes, v.created_at, v.updated_at];

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
      const { sortToken, filter } = vendorListFilter(request.query);
      const after = decodeSortCursor(request.query.cursor, sortToken);
      const page = await listVendors(deps.db, { ...filter, limit: request.query.limit ?? 200, after });
      linkNextPage(reply, request.url, sortToken, page.next);
      return page.items;
    },
  );

  app.get(
    "/api/vendors/export.csv",
    {
      preValidation: app.requirePermission("vendors:read"),
      schema: { tags: ["vendors"], querystring: vendorExportQuery, response: { 200: csvListText(vendorCsvColumns), ...errors } },
    },
    async (request, reply) => {
      const { filter } = vendorListFilter(request.query);
      return sendCsvList(
        reply,
        "vendors.csv",
        vendorCsvColumns,
        (after) => listVendors(deps.db, { ...filter, limit: EXPORT_PAGE_ROWS, after: after ?? undefined }),
        vendorCsvLine,
      );
    },
  );

  app.get(
    "/api/vendors/:id",
    { preValidation: app.requirePermission("vendors:read"), schema: { tags: ["vendors"], params: idParams, response: { 200: vendor, ...errors } } },
    async (request, reply) => withVersion(reply, await answerWithVendor(request.params.id)()),
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
      schema: { tags: ["vendors"], params: idParams, body: updateVendorBody, response: { 200: vendor, ...editErrors } },
    },
    async (request, reply) => {
      const { id } = request.params;
      return handleCommand(deps, request, reply, {
        reads,
        // Changes name their fields, so re-applying them over a concurrent edit loses nothing.
        retryOnConflict: true,
        expectedVersion: ifMatch(request),
        commands: on(vendorDecider, id, { type: "ChangeVendor", changes: request.body }),
        respond: answerWithVendor(id),
      });
    },
  );
};

export default vendorRoutes;
