import { randomUUID } from "node:crypto";
import { postalCodeMatchesPrefixes, validatePostalCode } from "@mainstreet/rules/orders/address";
import type { Location } from "@mainstreet/rules/business/schema";
import { createSessionToken } from "@mainstreet/rules/api/session-token";
import { tipAttributes } from "@mainstreet/rules/orders/tip";
import { isValidEmail } from "@mainstreet/rules/forms/validation";
import { isPhoneNumber, phoneExpectation } from "@mainstreet/rules/business/phone";
import { itemModifierSets, type Catalog, type CatalogEntry } from "../catalog/catalog";
import { locationLabel } from "../catalog/labels";
import type { Db, Queryable } from "../db/db";
import { assertTokenMatches, hashToken } from "../http/bearer";
import { conflict, notFound, unprocessable, type IssueDetail } from "../http/errors";
import type { PaymentProvider } from "../payments/payment-provider";
import type { FulfillmentSlotsView } from "@mainstreet/rules/api/order-api";
import { checkPromise, fulfillmentSlots, isTimed } from "./promises";
import { liveEntry } from "../availability/sold-out";
import { driftOf, priceSelection, type LineSelection, type PricedLine } from "./order-lines";
import {
  applyProposal,
  countLines,
  deleteLine,
  deleteLineRow,
  findLine,
  insertFirstLines,
  insertLine,
  insertAdjustment,
  insertOrder,
  listLines,
  listProposedAdjustments,
  lockOrder,
  orderIdOfLine,
  recipientAddress,
  repriceLine,
  resolveAdjustment,
  setAttributes,
  setFulfillment,
  setLineQuantity,
  setPaymentSource,
  touchOrder,
  upsertCustomer,
  upsertRecipient,
  withdrawLineAdjustments,
  type AdjustmentRow,
  type LineRow,
  type OrderRow,
} from "./orders.store";
import { buildOrderView, composeOrderView, lineView, type OrderView } from "./order-view";
import { type AdjustmentsBody, type AttributesBody, type CreateOrderBody, type CustomerBody, type FulfillmentBody, type LineItemBody, type PaymentSourceBody, type RecipientBody, type UpdateItemBody } from "@mainstreet/rules/api/api-requests";

export interface OrdersDeps {
  db: Db;
  catalog: Catalog;
  payments: PaymentProvider;
  /** The service clock: ready times are checked against it. */
  clock: () => Date;
}

export function selectionFromInput(input: LineItemBody): LineSelection {
  return {
    menuItemId: input.selected_variation.menu_item,
    variationId: input.selected_variation.id,
    modifiers: input.selected_modifiers.map((modifier) => ({ id: modifier.id, setId: modifier.modifier_set_id })),
    quantity: input.quantity,
    specialInstructions: input.special_instructions,
  };
}

function priceOrThrow(entry: CatalogEntry, selection: LineSelection, where: string): PricedLine {
  const result = priceSelection(entry, selection, where);
  if (result.ok) return result.line;
  throw unprocessable(`${result.problems[0].path}: ${result.problems[0].message}`, result.problems);
}

/** Checks that a recipient address can receive deliveries from the location (shape, country, area). */
export function deliveryProblems(location: Location, address: { postal_code: string; country: string }, where: string): IssueDetail[] {
  const problems: IssueDetail[] = [];
  if (!location.delivery.enabled) {
    problems.push({ path: `${where}`, message: `${locationLabel(location)} does not deliver; choose pickup` });
    return problems;
  }
  if (!validatePostalCode(address.country, address.postal_code)) {
    problems.push({ path: `${where}.postal_code`, message: `"${address.postal_code}" is not a valid postal code for ${address.country}` });
    return problems;
  }
  if (location.delivery.kind === "local" && address.country !== location.country) {
    problems.push({ path: `${where}.country`, message: `${locationLabel(location)} delivers only within ${location.country}, got ${address.country}` });
  } else if (!postalCodeMatchesPrefixes(address.postal_code, location.delivery.postalCodes)) {
    problems.push({
      path: `${where}.postal_code`,
      message: `${locationLabel(location)} does not deliver to ${address.postal_code} (delivery area: postal codes starting ${location.delivery.postalCodes.join(", ")})`,
    });
  }
  return problems;
}

export class OrdersService {
  constructor(private readonly deps: OrdersDeps) {}

  entryFor(order: OrderRow): CatalogEntry | undefined {
    return this.deps.catalog.get(order.business_id);
  }

  async create(body: CreateOrderBody): Promise<{ order: OrderView; sessionToken: string }> {
    const entry = this.deps.catalog.byMerchantProduct(body.merchant_product);
    if (!entry) throw unprocessable(`merchant_product: no business here sells product "${body.merchant_product}"`);
    const { business } = entry;
    if (!business.ordering.enabled) throw unprocessable(`merchant_product: ${business.name} does not take online orders`);
    const location = entry.locations.get(body.merchant_location);
    if (!location) {
      throw unprocessable(`merchant_location: "${body.merchant_location}" is not a location of ${business.name} (expected one of ${[...entry.locations.keys()].join(", ")})`);
    }
    if (!location.orderingEnabled) throw unprocessable(`merchant_location: ${locationLabel(location)} does not take online orders`);
    const selling = (await liveEntry(this.deps.db, entry, this.deps.clock())) as CatalogEntry;
    const priced = body.line_items.map((line, index) => priceSelection(selling, selectionFromInput(line), `line_items[${index}]`));
    const problems = priced.flatMap((result) => (result.ok ? [] : result.problems));
    if (problems.length > 0) throw unprocessable(`${problems[0].path}: ${problems[0].message}`, problems);

    const sessionToken = createSessionToken();
    const orderId = randomUUID();
    const lines = priced.flatMap((result) => (result.ok ? [result.line] : []));
    const order = await this.deps.db.transaction(async (tx) => {
      const row = await insertOrder(tx, {
        id: orderId,
        tokenHash: hashToken(sessionToken),
        businessId: business.id,
        locationId: location.id,
        merchantProduct: business.ordering.merchantProduct,
        currency: business.ordering.currency,
      });
      // A new order has nothing else yet, so its view is built from what was just written.
      return composeOrderView(entry, { order: row, lines: await insertFirstLines(tx, orderId, lines), adjustments: [] });
    });
    return { order, sessionToken };
  }

  /**
   * Runs `fn` with the order row locked, after checking the bearer token, and replies with the fresh
   * view. Locking serialises every call on one order, so concurrent retries see each other's writes.
   */
  async withOrder<T = OrderView>(
    orderId: string,
    token: string,
    fn: (tx: Queryable, order: OrderRow, entry: CatalogEntry | undefined) => Promise<T | void>,
    options: { requireOpen?: string } = {},
  ): Promise<T | OrderView> {
    return this.deps.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) throw notFound(`Order ${orderId} does not exist`);
      assertTokenMatches(order.session_token_hash, token, `order ${orderId}`);
      // What is sold out now counts: a line added of it is refused, a cart holding it gets an adjustment.
      const entry = await liveEntry(tx, this.entryFor(order), this.deps.clock());
      if (options.requireOpen && order.status !== "open") {
        throw conflict(`Cannot ${options.requireOpen}: order ${orderId} is ${order.status === "placed" ? "already placed" : "in checkout with its totals frozen"}`);
      }
      const result = await fn(tx, order, entry);
      if (result !== undefined) return result;
      const fresh = (await lockOrder(tx, orderId)) as OrderRow;
      if (fresh.status === "open") await this.syncAdjustments(tx, entry, fresh);
      return buildOrderView(tx, entry, fresh);
    });
  }

  get(orderId: string, token: string): Promise<OrderView> {
    return this.withOrder(orderId, token, async () => undefined) as Promise<OrderView>;
  }

  setCustomer(orderId: string, token: string, body: CustomerBody): Promise<OrderView> {
    const problems: IssueDetail[] = [];
    if (!isValidEmail(body.email)) problems.push({ path: "body.email", message: `expected an email address like name@example.com, got ${JSON.stringify(body.email)}` });
    if (problems.length > 0) return Promise.reject(unprocessable(`${problems[0].path}: ${problems[0].message}`, problems));
    return this.withOrder(
      orderId,
      token,
      async (tx, order, entry) => {
        // A number without its country code is read as a number of the order's location's country.
        const country = entry?.locations.get(order.location_id)?.country ?? "US";
        if (!isPhoneNumber(body.phone, country)) {
          const phoneProblem = { path: "body.phone", message: `expected ${phoneExpectation(country)}, got ${JSON.stringify(body.phone)}` };
          throw unprocessable(`${phoneProblem.path}: ${phoneProblem.message}`, [phoneProblem]);
        }
        await upsertCustomer(tx, orderId, { ...body, email: body.email.toLowerCase() });
        await touchOrder(tx, orderId);
      },
      { requireOpen: "change the customer" },
    ) as Promise<OrderView>;
  }

  setRecipient(orderId: string, token: string, body: RecipientBody): Promise<OrderView> {
    if (!validatePostalCode(body.country, body.postal_code)) {
      return Promise.reject(unprocessable(`body.postal_code: "${body.postal_code}" is not a valid postal code for ${body.country}`));
    }
    return this.withOrder(
      orderId,
      token,
      async (tx, order, entry) => {
        const location = entry?.locations.get(order.location_id);
        if (order.fulfillment_method === "delivery" && location) {
          const problems = deliveryProblems(location, body, "body");
          if (problems.length > 0) throw unprocessable(`${problems[0].path}: ${problems[0].message}`, problems);
        }
        await upsertRecipient(tx, orderId, body);
        await touchOrder(tx, orderId);
      },
      { requireOpen: "change the recipient" },
    ) as Promise<OrderView>;
  }

  setFulfillment(orderId: string, token: string, body: FulfillmentBody): Promise<OrderView> {
    const scheduledFor = body.scheduled_for ?? null;
    return this.withOrder(
      orderId,
      token,
      async (tx, order, entry) => {
        const location = entry?.locations.get(order.location_id);
        if (!location) throw unprocessable(`The location of order ${orderId} no longer takes orders`);
        if (body.method === "pickup" && !location.pickupEnabled) throw unprocessable(`body.method: ${locationLabel(location)} does not offer pickup`);
        if (body.method === "delivery") {
          const address = await recipientAddress(tx, orderId);
          if (!location.delivery.enabled) throw unprocessable(`body.method: ${locationLabel(location)} does not deliver; choose pickup`);
          if (!address) throw unprocessable("body.method: delivery needs the recipient's address first (PUT orders/{id}/recipient/)");
          const problems = deliveryProblems(location, address, "recipient");
          if (problems.length > 0) throw unprocessable(`${problems[0].path}: ${problems[0].message}`, problems);
        }
        if (scheduledFor !== null && !isTimed(location, body.method)) {
          throw unprocessable(`body.scheduled_for: ${locationLabel(location)} ships delivery orders, so no time can be chosen; send no scheduled_for`);
        }
        const check = await checkPromise(tx, { location, businessId: order.business_id, orderId, method: body.method, scheduledFor, now: this.deps.clock(), holdSlot: false });
        if (!check.ok) {
          throw unprocessable(`body.scheduled_for: ${check.message}`, [{ path: "body.scheduled_for", message: check.message, code: check.problem }]);
        }
        await setFulfillment(tx, orderId, {
          method: body.method,
          scheduledFor: scheduledFor === null ? null : new Date(scheduledFor),
          promisedAt: check.promise ? new Date(check.promise.readyAt) : null,
          promisedSlot: check.promise ? new Date(check.promise.slotStart) : null,
        });
      },
      { requireOpen: "change the fulfillment" },
    ) as Promise<OrderView>;
  }

  /** What the checkout offers for the order's location: as soon as possible and the scheduled times. */
  fulfillmentSlots(orderId: string, token: string, method: "pickup" | "delivery" | undefined): Promise<FulfillmentSlotsView> {
    return this.withOrder<FulfillmentSlotsView>(orderId, token, async (tx, order, entry) => {
      const location = entry?.locations.get(order.location_id);
      if (!location || !location.orderingEnabled) throw unprocessable(`The location of order ${orderId} no longer takes online orders`);
      const chosen = method ?? order.fulfillment_method ?? "pickup";
      if (chosen === "pickup" && !location.pickupEnabled) throw unprocessable(`query.method: ${locationLabel(location)} does not offer pickup`);
      if (chosen === "delivery" && !location.delivery.enabled) throw unprocessable(`query.method: ${locationLabel(location)} does not deliver; choose pickup`);
      return fulfillmentSlots(tx, { location, businessId: order.business_id, orderId, method: chosen, now: this.deps.clock() });
    }) as Promise<FulfillmentSlotsView>;
  }

  setAttributes(orderId: string, token: string, body: AttributesBody): Promise<OrderView> {
    let attributes;
    try {
      attributes = tipAttributes({ tip: body.tip, tipPercentage: body.tip_percentage, instructions: body.instructions });
    } catch (error) {
      return Promise.reject(unprocessable(`body: ${error instanceof Error ? error.message : String(error)}`));
    }
    return this.withOrder(
      orderId,
      token,
      async (tx) => {
        await setAttributes(tx, orderId, attributes);
      },
      { requireOpen: "change the tip or instructions" },
    ) as Promise<OrderView>;
  }

  setPaymentSource(orderId: string, token: string, body: PaymentSourceBody): Promise<OrderView> {
    const provider = this.deps.payments;
    if (body.provider_id !== provider.id) {
      return Promise.reject(unprocessable(`body.provider_id: this service takes payments through "${provider.id}", got "${body.provider_id}"`));
    }
    const problem = provider.tokenProblem(body.token);
    if (problem) return Promise.reject(unprocessable(`body.token: ${problem}`));
    return this.withOrder(
      orderId,
      token,
      async (tx) => {
        await setPaymentSource(tx, orderId, { token: body.token, provider: body.provider_id, isDefault: body.default });
      },
      { requireOpen: "change the payment source" },
    ) as Promise<OrderView>;
  }

  addItem(orderId: string, token: string, input: LineItemBody): Promise<OrderView> {
    return this.withOrder(
      orderId,
      token,
      async (tx, order, entry) => {
        if (!entry) throw unprocessable(`${order.business_id} no longer takes orders here`);
        const line = priceOrThrow(entry, selectionFromInput(input), "line_items[0]");
        if ((await countLines(tx, orderId)) >= 50) throw unprocessable("line_items: an order holds at most 50 line items");
        await insertLine(tx, orderId, line);
        await touchOrder(tx, orderId);
      },
      { requireOpen: "add an item" },
    ) as Promise<OrderView>;
  }

  /** Finds a line and its order, checks the token, and runs `fn` with the order locked. */
  private async withLine<T>(
    itemId: string,
    token: string,
    fn: (tx: Queryable, order: OrderRow, line: LineRow, entry: CatalogEntry | undefined) => Promise<T | void>,
    requireOpen?: string,
  ): Promise<T | OrderView> {
    const lineOrderId = await orderIdOfLine(this.deps.db, itemId);
    if (!lineOrderId) throw notFound(`Order item ${itemId} does not exist`);
    return this.withOrder(
      lineOrderId,
      token,
      async (tx, order, entry) => {
        // The line may have been deleted between the lookup and the lock.
        const line = await findLine(tx, itemId);
        if (!line || line.order_id !== order.id) throw notFound(`Order item ${itemId} does not exist`);
        return fn(tx, order, line, entry);
      },
      { requireOpen },
    );
  }

  getItem(itemId: string, token: string) {
    return this.withLine(itemId, token, async (_tx, _order, line) => lineView(line));
  }

  getItemOptions(itemId: string, token: string) {
    return this.withLine(itemId, token, async (_tx, order, line, entry) => {
      const item = entry?.items.get(line.menu_item_id);
      if (!entry || !item || !item.visible) throw notFound(`${line.item_name} is no longer on the menu; remove it from the order`);
      const chosen = new Set(line.modifiers.map((modifier) => modifier.id));
      return {
        line_item: line.id,
        order_id: order.id,
        menu_item: { id: item.id, name: item.name, description: item.description ?? null, available: item.available },
        variations: [...item.variations]
          .sort((a, b) => a.order - b.order)
          .map((variation) => ({ id: variation.id, name: variation.name, price_cents: variation.priceCents, selected: variation.id === line.variation_id })),
        modifier_sets: itemModifierSets(entry, item).map((set) => ({
          id: set.id,
          name: set.name,
          description: set.description ?? null,
          min_allowed: set.minAllowed,
          max_allowed: set.maxAllowed,
          modifiers: set.modifierIds.flatMap((modifierId) => {
            const modifier = entry.modifiers.get(modifierId);
            return modifier
              ? [{ id: modifier.id, name: modifier.name, price_cents: modifier.priceCents, available: modifier.available, selected: chosen.has(modifier.id) }]
              : [];
          }),
        })),
      };
    });
  }

  updateItem(itemId: string, token: string, body: UpdateItemBody): Promise<OrderView> {
    return this.withLine(
      itemId,
      token,
      async (tx, order, line, entry) => {
        const selectionChanged = body.selected_variation !== undefined || body.selected_modifiers !== undefined;
        if (!selectionChanged) {
          await setLineQuantity(tx, itemId, body.quantity ?? line.quantity, body.special_instructions ?? line.special_instructions);
        } else {
          if (!entry) throw unprocessable(`${order.business_id} no longer takes orders here`);
          const selection: LineSelection = {
            menuItemId: body.selected_variation?.menu_item ?? line.menu_item_id,
            variationId: body.selected_variation?.id ?? line.variation_id,
            modifiers: body.selected_modifiers
              ? body.selected_modifiers.map((modifier) => ({ id: modifier.id, setId: modifier.modifier_set_id }))
              : line.modifiers.map((modifier) => ({ id: modifier.id, setId: modifier.modifier_set_id })),
            quantity: body.quantity ?? line.quantity,
            specialInstructions: body.special_instructions ?? line.special_instructions,
          };
          const priced = priceOrThrow(entry, selection, "body");
          // A new selection is priced now, so an older proposal for this line no longer applies.
          await withdrawLineAdjustments(tx, itemId);
          await repriceLine(tx, itemId, priced);
        }
        await touchOrder(tx, order.id);
      },
      "change an item",
    ) as Promise<OrderView>;
  }

  deleteItem(itemId: string, token: string): Promise<OrderView> {
    return this.withLine(
      itemId,
      token,
      async (tx, order) => {
        await deleteLine(tx, itemId);
        await touchOrder(tx, order.id);
      },
      "remove an item",
    ) as Promise<OrderView>;
  }

  acceptAdjustments(orderId: string, token: string, body: AdjustmentsBody): Promise<OrderView> {
    return this.withOrder(
      orderId,
      token,
      async (tx, order, entry) => {
        const proposed = await this.syncAdjustments(tx, entry, order);
        const byId = new Map(proposed.map((adjustment) => [adjustment.id, adjustment]));
        const unknown = body.adjustments.filter((wanted) => !byId.has(wanted.id));
        if (unknown.length > 0) {
          throw conflict(
            `Adjustment ${unknown[0].id} is not open on this order (it was accepted already, or replaced after another catalog change); read the order and accept its current adjustments`,
            { open_adjustments: proposed.map((adjustment) => adjustment.id) },
          );
        }
        for (const wanted of body.adjustments) {
          const adjustment = byId.get(wanted.id) as AdjustmentRow;
          if (adjustment.line_item_id) {
            if (adjustment.kind === "unavailable") {
              await deleteLineRow(tx, adjustment.line_item_id);
            } else if (adjustment.proposal) {
              await applyProposal(tx, adjustment.line_item_id, adjustment.proposal);
            }
          }
          await resolveAdjustment(tx, adjustment.id, "accepted");
        }
        await touchOrder(tx, orderId);
      },
      { requireOpen: "accept adjustments" },
    ) as Promise<OrderView>;
  }

  /**
   * Compares every line with the live catalog and records what the visitor must accept: a price
   * change, or removal of a line that can no longer be ordered. Returns the open proposals.
   * Callers hold the order's row lock.
   */
  async syncAdjustments(tx: Queryable, entry: CatalogEntry | undefined, order: OrderRow): Promise<AdjustmentRow[]> {
    const [lines, proposed] = await Promise.all([listLines(tx, order.id), listProposedAdjustments(tx, order.id)]);
    const open = new Map(proposed.filter((adjustment) => adjustment.line_item_id).map((adjustment) => [adjustment.line_item_id as string, adjustment]));
    const result: AdjustmentRow[] = [];
    for (const line of lines) {
      const drift = driftOf(entry, line);
      const existing = open.get(line.id);
      if (drift.kind === "none") {
        if (existing) await resolveAdjustment(tx, existing.id, "withdrawn");
        continue;
      }
      const proposal =
        drift.kind === "price_changed"
          ? {
              variation_price_cents: drift.line.variationPriceCents,
              modifiers: drift.line.modifiers,
              unit_price_cents: drift.line.unitPriceCents,
              item_name: drift.line.itemName,
              variation_name: drift.line.variationName,
            }
          : null;
      const unitPrice = proposal ? proposal.unit_price_cents : null;
      if (existing && existing.kind === drift.kind && existing.unit_price_cents === unitPrice) {
        result.push(existing);
        continue;
      }
      if (existing) await resolveAdjustment(tx, existing.id, "withdrawn");
      result.push(
        await insertAdjustment(tx, { orderId: order.id, lineId: line.id, kind: drift.kind, reason: drift.reason, previousUnitPriceCents: line.unit_price_cents, unitPriceCents: unitPrice, proposal }),
      );
    }
    // Proposals whose line disappeared are moot.
    const live = new Set(lines.map((line) => line.id));
    for (const adjustment of proposed) {
      if (!adjustment.line_item_id || !live.has(adjustment.line_item_id)) {
        await resolveAdjustment(tx, adjustment.id, "withdrawn");
      }
    }
    return result;
  }
}
