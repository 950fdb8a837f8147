import type { FastifyInstance } from "fastify";
import { NoQuery } from "../http/common.schema";
import { parseInput } from "../http/errors";
import { AddressValidationBody } from "@mainstreet/rules/api/api-requests";
import type { FulfillmentsService } from "./fulfillments.service";

export function fulfillmentRoutes(service: FulfillmentsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post("/fulfillments/address-validation/", async (request) => {
      parseInput(NoQuery, request.query, "query");
      return service.validateAddress(parseInput(AddressValidationBody, request.body, "body"));
    });
  };
}
