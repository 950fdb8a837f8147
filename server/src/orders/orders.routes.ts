import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { bearerToken } from "../http/bearer";
import { ItemIdParams, NoQuery, OrderIdParams } from "../http/common.schema";
import { parseInput } from "../http/errors";
import type { RateLimitConfig } from "../http/rate-limits";
import type { OrdersService } from "./orders.service";
import { AddItemBody, AdjustmentsBody, AttributesBody, CreateOrderBody, CustomerBody, FulfillmentBody, PaymentSourceBody, RecipientBody, UpdateItemBody } from "@mainstreet/rules/api/api-requests";
import { FulfillmentSlotsQuery } from "./orders.schema";

/** The order a call names and the session token it carries: the path is checked before the token. */
function orderCall(request: FastifyRequest): { id: string; token: string } {
  const { id } = parseInput(OrderIdParams, request.params, "params");
  return { id, token: bearerToken(request.headers.authorization) };
}

function itemCall(request: FastifyRequest): { itemId: string; token: string } {
  const { itemId } = parseInput(ItemIdParams, request.params, "params");
  return { itemId, token: bearerToken(request.headers.authorization) };
}

/** SPEC §7 order calls. Handlers parse, call the service and shape the reply; nothing else. */
export function orderRoutes(service: OrdersService, limits: { create: RateLimitConfig }) {
  return async function register(app: FastifyInstance): Promise<void> {
    /** `PUT orders/{id}/<part>/`: one part of an open order, answered with the whole order. */
    const putPart = <S extends z.ZodType>(part: string, schema: S, set: (id: string, token: string, body: z.output<S>) => Promise<unknown>) =>
      app.put(`/orders/:id/${part}/`, async (request) => {
        const { id, token } = orderCall(request);
        return set(id, token, parseInput(schema, request.body, "body"));
      });

    app.post("/orders/", { config: { rateLimit: limits.create } }, async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      const body = parseInput(CreateOrderBody, request.body, "body");
      const { order, sessionToken } = await service.create(body);
      void reply.code(201);
      return { ...order, session_token: sessionToken };
    });

    app.get("/orders/:id/", async (request) => {
      const { id, token } = orderCall(request);
      return service.get(id, token);
    });

    putPart("customers", CustomerBody, (id, token, body) => service.setCustomer(id, token, body));
    putPart("recipient", RecipientBody, (id, token, body) => service.setRecipient(id, token, body));
    putPart("fulfillments", FulfillmentBody, (id, token, body) => service.setFulfillment(id, token, body));
    putPart("attributes", AttributesBody, (id, token, body) => service.setAttributes(id, token, body));
    putPart("payment-source", PaymentSourceBody, (id, token, body) => service.setPaymentSource(id, token, body));

    app.get("/orders/:id/fulfillment-slots/", async (request) => {
      const { id } = parseInput(OrderIdParams, request.params, "params");
      const { method } = parseInput(FulfillmentSlotsQuery, request.query, "query");
      return service.fulfillmentSlots(id, bearerToken(request.headers.authorization), method);
    });

    app.post("/orders/:id/items/", async (request, reply) => {
      const { id, token } = orderCall(request);
      const body = parseInput(AddItemBody, request.body, "body");
      const order = await service.addItem(id, token, body.line_items[0]);
      void reply.code(201);
      return order;
    });

    app.get("/orders/items/:itemId/", async (request) => {
      const { itemId, token } = itemCall(request);
      return service.getItem(itemId, token);
    });

    app.get("/orders/items/:itemId/options/", async (request) => {
      const { itemId, token } = itemCall(request);
      return service.getItemOptions(itemId, token);
    });

    app.patch("/orders/items/:itemId/", async (request) => {
      const { itemId, token } = itemCall(request);
      return service.updateItem(itemId, token, parseInput(UpdateItemBody, request.body, "body"));
    });

    app.delete("/orders/items/:itemId/", async (request) => {
      const { itemId, token } = itemCall(request);
      return service.deleteItem(itemId, token);
    });

    app.post("/orders/:id/adjustments/", async (request) => {
      const { id, token } = orderCall(request);
      return service.acceptAdjustments(id, token, parseInput(AdjustmentsBody, request.body, "body"));
    });
  };
}
