import type { FastifyInstance } from "fastify";
import { bearerToken } from "../http/bearer";
import { ItemIdParams, NoQuery, OrderIdParams } from "../http/common.schema";
import { parseInput } from "../http/errors";
import type { RateLimitConfig } from "../http/rate-limits";
import type { OrdersService } from "./orders.service";
import { AddItemBody, AdjustmentsBody, AttributesBody, CreateOrderBody, CustomerBody, FulfillmentBody, PaymentSourceBody, RecipientBody, UpdateItemBody } from "@mainstreet/rules/api-requests";
import { FulfillmentSlotsQuery } from "./orders.schema";

/** SPEC §7 order calls. Handlers parse, call the service and shape the reply; nothing else. */
export function orderRoutes(service: OrdersService, limits: { create: RateLimitConfig }) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post("/orders/", { config: { rateLimit: limits.create } }, async (request, reply) => {
      parseInput(NoQuery, request.query, "query");
      const body = parseInput(CreateOrderBody, request.body, "body");
      const { order, sessionToken } = await service.create(body);
      void reply.code(201);
      return { ...order, session_token: sessionToken };
    });

    app.get("/orders/:id/", async (request) => {
      const { id } = parseInput(OrderIdParams, request.params, "params");
      return service.get(id, bearerToken(request.headers.authorization));
    });

    app.put("/orders/:id/customers/", async (request) => {
      const { id } = parseInput(OrderIdParams, request.params, "params");
      const token = bearerToken(request.headers.authorization);
      return service.setCustomer(id, token, parseInput(CustomerBody, request.body, "body"));
    });

    app.put("/orders/:id/recipient/", async (request) => {
      const { id } = parseInput(OrderIdParams, request.params, "params");
      const token = bearerToken(request.headers.authorization);
      return service.setRecipient(id, token, parseInput(RecipientBody, request.body, "body"));
    });

    app.put("/orders/:id/fulfillments/", async (request) => {
      const { id } = parseInput(OrderIdParams, request.params, "params");
      const token = bearerToken(request.headers.authorization);
      return service.setFulfillment(id, token, parseInput(FulfillmentBody, request.body, "body"));
    });

    app.get("/orders/:id/fulfillment-slots/", async (request) => {
      const { id } = parseInput(OrderIdParams, request.params, "params");
      const { method } = parseInput(FulfillmentSlotsQuery, request.query, "query");
      return service.fulfillmentSlots(id, bearerToken(request.headers.authorization), method);
    });

    app.put("/orders/:id/attributes/", async (request) => {
      const { id } = parseInput(OrderIdParams, request.params, "params");
      const token = bearerToken(request.headers.authorization);
      return service.setAttributes(id, token, parseInput(AttributesBody, request.body, "body"));
    });

    app.put("/orders/:id/payment-source/", async (request) => {
      const { id } = parseInput(OrderIdParams, request.params, "params");
      const token = bearerToken(request.headers.authorization);
      return service.setPaymentSource(id, token, parseInput(PaymentSourceBody, request.body, "body"));
    });

    app.post("/orders/:id/items/", async (request, reply) => {
      const { id } = parseInput(OrderIdParams, request.params, "params");
      const token = bearerToken(request.headers.authorization);
      const body = parseInput(AddItemBody, request.body, "body");
      const order = await service.addItem(id, token, body.line_items[0]);
      void reply.code(201);
      return order;
    });

    app.get("/orders/items/:itemId/", async (request) => {
      const { itemId } = parseInput(ItemIdParams, request.params, "params");
      return service.getItem(itemId, bearerToken(request.headers.authorization));
    });

    app.get("/orders/items/:itemId/options/", async (request) => {
      const { itemId } = parseInput(ItemIdParams, request.params, "params");
      return service.getItemOptions(itemId, bearerToken(request.headers.authorization));
    });

    app.patch("/orders/items/:itemId/", async (request) => {
      const { itemId } = parseInput(ItemIdParams, request.params, "params");
      const token = bearerToken(request.headers.authorization);
      return service.updateItem(itemId, token, parseInput(UpdateItemBody, request.body, "body"));
    });

    app.delete("/orders/items/:itemId/", async (request) => {
      const { itemId } = parseInput(ItemIdParams, request.params, "params");
      return service.deleteItem(itemId, bearerToken(request.headers.authorization));
    });

    app.post("/orders/:id/adjustments/", async (request) => {
      const { id } = parseInput(OrderIdParams, request.params, "params");
      const token = bearerToken(request.headers.authorization);
      return service.acceptAdjustments(id, token, parseInput(AdjustmentsBody, request.body, "body"));
    });
  };
}
