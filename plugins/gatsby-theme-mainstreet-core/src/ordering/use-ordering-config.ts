import { useCallback, useMemo } from "react";
import { useActiveLocation } from "../hooks/use-active-location";
import { useMainstreetStaticData } from "../hooks/use-static-data";
import type { MenuModifierSet } from "@mainstreet/rules/orders/cart";
import type { ModifierNode, ModifierSetNode, Queried, QueriedBusiness, QueriedLocation } from "../data/node-shapes";

/** A location as ordering reads it: where pickup happens, what delivery costs, the tax rate. */
export type OrderingLocation = Pick<QueriedLocation, "locationId" | "primaryLocation" | "name" | "street" | "city" | "state" | "zip" | "country" | "phone" | "timezone" | "hours" | "specialHours" | "openSchedule" | "orderTimes" | "pickupEnabled" | "delivery" | "taxRateBps">;

export interface OrderingConfig {
  siteId: string;
  businessType: string;
  merchantProduct: string;
  currency: string;
  tipPercentages: number[];
  defaultTipPercentage: number | null;
  /** Locations that take online orders, in data order. */
  locations: OrderingLocation[];
  /** Path of the services or products page, for "back to the menu" links. */
  menuPath: string;
  modifierSetsOf(itemId: string): MenuModifierSet[];
}

type RawModifierSet = Pick<Queried<ModifierSetNode>, "setId" | "name" | "description" | "minAllowed" | "maxAllowed"> & {
  modifiers: Pick<ModifierNode, "modifierId" | "name" | "priceCents" | "available">[];
};

export interface OrderingQuery {
  mainstreetBusiness?: Pick<QueriedBusiness, "businessId" | "type" | "ordering"> | null;
  allMainstreetLocation?: { nodes: (OrderingLocation & Pick<QueriedLocation, "orderingEnabled">)[] };
  allMainstreetMenuItem?: { nodes: { itemId: string; modifierSetIds: string[] }[] };
  allMainstreetModifierSet?: { nodes: RawModifierSet[] };
  allMainstreetPlannedPage?: { nodes: { path: string; template: string }[] };
}

/** Builds the config from the query; null when the site does not take orders (or the data is not there). */
export function orderingConfigFrom(data: OrderingQuery | null | undefined): OrderingConfig | null {
  const business = data?.mainstreetBusiness;
  const ordering = business?.ordering;
  if (!business || !ordering?.enabled || !ordering.merchantProduct) return null;
  const locations = (data?.allMainstreetLocation?.nodes ?? []).filter((location) => location.orderingEnabled);
  if (locations.length === 0) return null;
  const sets = new Map(
    (data?.allMainstreetModifierSet?.nodes ?? []).map((set) => [
      set.setId,
      {
        id: set.setId,
        name: set.name,
        description: set.description,
        minAllowed: set.minAllowed,
        maxAllowed: set.maxAllowed ?? null,
        modifiers: set.modifiers.map((modifier) => ({ id: modifier.modifierId, name: modifier.name, priceCents: modifier.priceCents, available: modifier.available })),
      } satisfies MenuModifierSet,
    ]),
  );
  const setIdsOf = new Map((data?.allMainstreetMenuItem?.nodes ?? []).map((item) => [item.itemId, item.modifierSetIds]));
  const planned = data?.allMainstreetPlannedPage?.nodes ?? [];
  const menuPage = planned.find((page) => page.template === "products") ?? planned.find((page) => page.template === "services");
  return {
    siteId: business.businessId,
    businessType: business.type,
    merchantProduct: ordering.merchantProduct,
    currency: ordering.currency ?? "USD",
    tipPercentages: ordering.tipPercentages ?? [],
    defaultTipPercentage: ordering.defaultTipPercentage ?? null,
    locations: locations.map(({ orderingEnabled: _enabled, ...location }) => location),
    menuPath: menuPage?.path ?? "/",
    modifierSetsOf: (itemId) => (setIdsOf.get(itemId) ?? []).flatMap((id) => sets.get(id) ?? []),
  };
}

/**
 * The business's ordering settings, its ordering locations and the menu's modifier sets: the one
 * place ordering components read build-time data from. Null on a site without ordering (the salon),
 * so every ordering control renders nothing there.
 */
export function useOrderingConfig(): OrderingConfig | null {
  const data = useMainstreetStaticData<OrderingQuery>();
  return useMemo(() => orderingConfigFrom(data), [data]);
}

/**
 * The location orders go to: the site's active location among those that take online orders. Beside the
 * config, not the cart: an Add button needs it on the first load, the cart's code only when it is used.
 */
export function useOrderingLocation(config: OrderingConfig | null): [OrderingLocation | undefined, (locationId: string) => void] {
  const [location, choose] = useActiveLocation(config?.locations ?? [], { siteId: config?.siteId ?? "ordering-off" });
  return [config ? location : undefined, useCallback((id: string) => choose(id), [choose])];
}
