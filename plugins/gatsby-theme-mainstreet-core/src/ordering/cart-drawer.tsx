import React, { useEffect, useId, useState } from "react";
import { Link } from "gatsby";
import { ANALYTICS_ACTIONS } from "@mainstreet/rules/site/analytics";
import { MAX_QUANTITY, cartBlocksCheckout, cartNotices, orderingEvent } from "@mainstreet/rules/orders/cart";
import { lineDescription } from "@mainstreet/rules/orders/order-line";
import { formatCents } from "@mainstreet/rules/orders/money";
import { deliveryMinimumNote } from "@mainstreet/rules/orders/delivery-minimum";
import { ORDERING_PATHS } from "@mainstreet/rules/orders/order-paths";
import type { OrderLineView } from "@mainstreet/rules/api/order-api";
import type { CatalogView } from "@mainstreet/rules/api/api-views";
import { apiRequest } from "../runtime/api-client";
import { track } from "../runtime/analytics";
import { Modal } from "../components/modal";
import { announce, refreshCart, removeLine, setLineQuantity, useCart } from "./cart-store";
import { useOrderingLocation } from "./use-ordering-config";
import { useOrderingState } from "./use-ordering-state";
import { OrderingStateLine } from "./ordering-state-line";
import { locationLabel } from "./location-label";
import type { OrderingConfig } from "./use-ordering-config";
import { useSiteFormats } from "../hooks/site-formats";

/**
 * A control that stays focusable while it cannot act (aria-disabled, never `disabled`): a disabled button
 * drops the focus to the top of the page, so a visitor pressing + while the cart saves, or − down to one,
 * would lose their place.
 */
function StepButton({ label, blocked, onPress, children }: { label: string; blocked: boolean; onPress: () => void; children: React.ReactNode }) {
  return (
    <button type="button" className="icon-button" aria-label={label} aria-disabled={blocked} onClick={() => (blocked ? undefined : onPress())}>
      {children}
    </button>
  );
}

function CartLine({ line, currency, busy, onQuantity, onRemove }: { line: OrderLineView; currency: string; busy: boolean; onQuantity: (quantity: number) => void; onRemove: () => void }) {
  const { locale } = useSiteFormats();
  const money = (cents: number) => formatCents(cents, { currency, locale, alwaysShowCents: true });
  const details = lineDescription(line);
  return (
    <li className="cart-line" data-line-id={line.id}>
      <div className="cart-line__text">
        <p className="cart-line__name">{line.name}</p>
        {details ? <p className="cart-line__details">{details}</p> : null}
        {line.special_instructions ? <p className="cart-line__details">“{line.special_instructions}”</p> : null}
      </div>
      <p className="cart-line__price">{money(line.total_price_cents)}</p>
      <div className="cart-line__actions">
        <div className="stepper" role="group" aria-label={`Quantity of ${line.name}`}>
          <StepButton label={`Decrease quantity of ${line.name}`} blocked={busy || line.quantity <= 1} onPress={() => onQuantity(line.quantity - 1)}>
            −
          </StepButton>
          <span className="stepper__value" aria-live="polite">
            {line.quantity}
          </span>
          <StepButton label={`Increase quantity of ${line.name}`} blocked={busy || line.quantity >= MAX_QUANTITY} onPress={() => onQuantity(line.quantity + 1)}>
            +
          </StepButton>
        </div>
        <button type="button" className="text-button" aria-disabled={busy} onClick={() => (busy ? undefined : onRemove())}>
          Remove<span className="visually-hidden"> {line.name}</span>
        </button>
      </div>
    </li>
  );
}

/**
 * The cart drawer: the lines of the visitor's order with quantity and remove controls, the subtotal,
 * the location's ordering state (open, closed, paused or not taking orders: the checkout's same sentence),
 * what changed since the items were added (price changes, unavailable items), and the way to checkout while
 * the location can take the order. Opening it reads the order, the live catalog and the availability again.
 */
export default function CartDrawer({ config, onClose }: { config: OrderingConfig; onClose: () => void }) {
  const [location, chooseLocation] = useOrderingLocation(config);
  const cart = useCart(config.siteId, location?.locationId);
  const [catalog, setCatalog] = useState<CatalogView | null>(null);
  const { locale } = useSiteFormats();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { location: useId(), error: useId(), notices: useId() };
  const locationId = location?.locationId;
  const liveLocation = catalog?.locations.find((candidate) => candidate.id === locationId);
  const state = useOrderingState(config, location, { takingOrders: catalog ? catalog.ordering.enabled && liveLocation?.ordering_enabled === true : true });

  useEffect(() => {
    if (!locationId) return undefined;
    let live = true;
    refreshCart(config, locationId).catch((failure: unknown) => live && setError(failure instanceof Error ? failure.message : String(failure)));
    apiRequest<CatalogView>(`catalog/${config.siteId}/`)
      .then((answer) => live && setCatalog(answer))
      // The live catalog only adds warnings; without it the order view still tells the truth.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [config, locationId]);

  if (!location) return null;
  const order = cart?.order;
  const lines = order?.line_items ?? [];
  const currency = order?.currency ?? config.currency;
  const notices = order ? cartNotices(order, catalog) : [];
  const blocked = cartBlocksCheckout(notices) || state?.canOrder === false;
  const minimum =
    order && location.delivery.enabled
      ? deliveryMinimumNote(order.totals.subtotal_cents, location.delivery.minimumCents, { currency, locale }, location.delivery.kind === "shipping")
      : null;

  const run = async (task: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const remove = (line: OrderLineView) =>
    run(async () => {
      // Focus goes where the visitor would look next: the following line's Remove, else the previous one's, else the heading.
      const index = lines.findIndex((candidate) => candidate.id === line.id);
      const next = lines[index + 1] ?? lines[index - 1];
      await removeLine(config, location.locationId, line.id);
      track(orderingEvent(ANALYTICS_ACTIONS.removeFromCart, line.name, line.total_price_cents, currency));
      announce(`Removed ${line.name} from your cart.`);
      window.setTimeout(() => {
        const target = next ? document.querySelector<HTMLElement>(`[data-line-id="${CSS.escape(next.id)}"] .text-button`) : null;
        (target ?? document.querySelector<HTMLElement>(".cart-drawer .modal__header button"))?.focus();
      }, 0);
    });

  return (
    <Modal open onClose={onClose} title="Your cart" className="cart-drawer">
      {config.locations.length > 1 ? (
        <div className="form-field">
          <label htmlFor={ids.location}>Order from</label>
          <select id={ids.location} value={location.locationId} onChange={(event) => chooseLocation(event.target.value)}>
            {config.locations.map((candidate) => (
              <option key={candidate.locationId} value={candidate.locationId}>
                {locationLabel(candidate)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="cart-drawer__location">Ordering from {locationLabel(location)}</p>
      )}
      <OrderingStateLine state={state} live />
      {notices.length > 0 ? (
        <ul id={ids.notices} className="notice-list" role="status">
          {notices.map((notice, index) => (
            <li key={index} className={notice.kind === "adjustment" ? "notice" : "notice notice--warning"}>
              {notice.message}
            </li>
          ))}
        </ul>
      ) : null}
      {lines.length === 0 ? (
        <p className="cart-drawer__empty">Your cart is empty. Choose Add on any item of the menu.</p>
      ) : (
        <ul className="cart-lines" aria-label="Items in your cart">
          {lines.map((line) => (
            <CartLine
              key={line.id}
              line={line}
              currency={currency}
              busy={busy}
              onQuantity={(quantity) =>
                void run(async () => {
                  await setLineQuantity(config, location.locationId, line.id, quantity);
                  announce(`${line.name}: quantity ${quantity}.`);
                })
              }
              onRemove={() => void remove(line)}
            />
          ))}
        </ul>
      )}
      {error ? (
        <p id={ids.error} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {order && lines.length > 0 ? (
        <div className="cart-drawer__summary">
          <p className="cart-drawer__subtotal">
            <span>Subtotal</span> <span>{formatCents(order.totals.subtotal_cents, { currency, locale, alwaysShowCents: true })}</span>
          </p>
          <p className="cart-drawer__note">Tax{location.delivery.enabled ? ", delivery fee" : ""} and tip are added at checkout.</p>
          {minimum ? <p className="cart-drawer__note cart-drawer__minimum">{minimum}</p> : null}
          {blocked ? (
            <p className="cart-drawer__note">{state?.canOrder === false ? "Checkout opens again when online orders do." : "Remove the items marked above to check out."}</p>
          ) : (
            <Link to={ORDERING_PATHS.checkout} className="button cart-drawer__checkout" onClick={onClose}>
              Checkout
            </Link>
          )}
        </div>
      ) : null}
    </Modal>
  );
}
