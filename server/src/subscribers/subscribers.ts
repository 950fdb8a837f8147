import type { FastifyInstance } from "fastify";
import { DateTime } from "luxon";
import { csvText } from "@mainstreet/rules/workspace/csv";
import type { SubscribersReply } from "@mainstreet/rules/api/manage-api";
import { merchantOf } from "../accounts/access";
import type { Catalog } from "../catalog/catalog";
import type { Db } from "../db/db";
import { NoQuery } from "../http/common.schema";
import { parseInput } from "../http/errors";
import { subscribersOf } from "./subscribers.store";

/**
 * The business's newsletter subscribers in the workspace: the list, and the same as a CSV file
 * for the merchant's mailing tool, its cells guarded against formula injection (@mainstreet/rules/workspace/csv).
 */

export class SubscribersService {
  constructor(private readonly deps: { db: Db; catalog: Catalog; clock: () => Date }) {}

  async list(businessId: string): Promise<SubscribersReply> {
    const rows = await subscribersOf(this.deps.db, businessId);
    return { subscribers: rows.map((row) => ({ email: row.email, opt_in: row.opt_in, created_at: new Date(row.created_at).toISOString() })) };
  }

  /** The CSV file and its name: subscribers-<business>-<date on the primary location's clock>.csv. */
  async csv(businessId: string): Promise<{ filename: string; text: string }> {
    const entry = this.deps.catalog.served(businessId);
    const zone = (entry.business.locations.find((location) => location.primaryLocation) ?? entry.business.locations[0])?.timezone ?? "UTC";
    const { subscribers } = await this.list(businessId);
    const date = DateTime.fromJSDate(this.deps.clock(), { zone }).toISODate() as string;
    return {
      filename: `subscribers-${businessId}-${date}.csv`,
      text: csvText([["email", "opt_in", "created_at"], ...subscribers.map((row) => [row.email, row.opt_in ? "yes" : "no", row.created_at])]),
    };
  }
}

export function subscriberRoutes(service: SubscribersService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get("/manage/subscribers/", async (request) => {
      parseInput(NoQuery, request.query, "query");
      return service.list(merchantOf(request).businessId);
    });

    app.get("/manage/subscribers.csv", async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      const file = await service.csv(merchantOf(request).businessId);
      // Business ids are slugs (letters, digits, hyphens), so the name needs no escaping in the header.
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${file.filename}"`)
        .header("cache-control", "no-store")
        .send(file.text);
    });
  };
}
