import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Readable } from "node:stream";
import { z } from "zod";
import { auditExportQuery, idParams } from "@procure/contracts";
import { requestStreamId } from "@procure/domain";
import { listAudit } from "@procure/projections";
import type { AppDeps } from "../../deps.ts";
import { visibleRequest } from "../requests/access.ts";
import { auditColumns, auditLines } from "./audit-rows.ts";
import { csvRecords } from "../../http/csv.ts";
import { exportRange } from "./export-range.ts";
import { requestTimelinesCsv } from "./range-export.ts";
import { errorResponses } from "../../http/error-responses.ts";

const errors = errorResponses(400, 401, 403, 404);
const csvText = z.string().describe(`text/csv with the columns ${auditColumns.join(", ")}`);

/** Request timelines as CSV an auditor can check outside the product (see infra/src/audit-verify-script.ts). */
const auditExportRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", app.authenticate);

  const linesOf = async (requestId: string) => {
    const rows = await deps.store.readStreamRows(requestStreamId(requestId));
    return auditLines(requestId, rows, await listAudit(deps.db, requestId));
  };

  app.get(
    "/api/requests/:id/audit.csv",
    { schema: { tags: ["requests"], params: idParams, response: { 200: csvText, ...errors } } },
    async (request, reply) => {
      await visibleRequest(deps, request.actor, request.params.id);
      const lines = await linesOf(request.params.id);
      reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="request-${request.params.id}-audit.csv"`);
      return csvRecords([auditColumns, ...lines]);
    },
  );

  app.get(
    "/api/audit/requests.csv",
    {
      preValidation: app.requirePermission("audit:verify"),
      schema: { tags: ["requests"], querystring: auditExportQuery, response: { 200: csvText, ...errors } },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      // Checked before the first byte: once the header row is sent, a failing query can only cut the file short.
      const range = exportRange(from, to);
      reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="request-audit-${from.slice(0, 10)}-${to.slice(0, 10)}.csv"`);
      // A stream is sent as it comes, never serialised: the schema only documents the text it adds up to.
      const body = Readable.from(requestTimelinesCsv(deps, range.start, range.end));
      return reply.send(body as unknown as string);
    },
  );
};

export const auditExportFeature: FastifyPluginAsync<{ deps: AppDeps }>[] = [auditExportRoutes];
