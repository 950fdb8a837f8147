import React, { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { ANALYTICS_ACTIONS } from "@mainstreet/rules/site/analytics";
import {
  MAX_QUANTITY,
  MAX_SPECIAL_INSTRUCTIONS,
  MIN_QUANTITY,
  canChooseMore,
  clampQuantity,
  countInSet,
  initialSelection,
  isSingleChoice,
  lineItemPayload,
  orderingEvent,
  selectionPriceCents,
  selectionProblems,
  setRuleText,
  toggleModifier,
  type ItemSelection,
  type MenuModifierSet,
  type OrderableItem,
} from "@mainstreet/rules/orders/cart";
import { formatCents } from "@mainstreet/rules/orders/money";
import { sortedVariations } from "@mainstreet/rules/orders/variations";
import { SOLD_OUT_LABEL, isItemSoldOut, isVariationSoldOut } from "@mainstreet/rules/orders/sold-out";
import { soldOutRefusal, withLiveSoldOut } from "@mainstreet/rules/orders/live-availability";
import { isApiError } from "../runtime/api-client";
import { track } from "../runtime/analytics";
import { Modal } from "../components/modal";
import { addToCart, announce } from "./cart-store";
import { refreshLiveAvailability, useLiveSoldOut } from "./live-availability";
import { useOrderingState } from "./use-ordering-state";
import { OrderingStateLine } from "./ordering-state-line";
import type { OrderingConfig } from "./use-ordering-config";
import { useSiteFormats } from "../hooks/site-formats";

export interface ItemModalProps {
  item: OrderableItem;
  config: OrderingConfig;
  locationId: string;
  onClose: () => void;
}

function price(cents: number, currency: string, locale: string): string {
  return formatCents(cents, { currency, locale, alwaysShowCents: true });
}

function ModifierSetFieldset({
  set,
  selection,
  currency,
  error,
  onToggle,
}: {
  set: MenuModifierSet;
  selection: ItemSelection;
  currency: string;
  error?: string;
  onToggle: (modifierId: string) => void;
}) {
  const ruleId = useId();
  const errorId = useId();
  const { locale } = useSiteFormats();
  const single = isSingleChoice(set);
  const more = canChooseMore(set, selection);
  const count = countInSet(set, selection);
  return (
    <fieldset className="order-modal__set" aria-describedby={[ruleId, error ? errorId : ""].filter(Boolean).join(" ")} data-set-id={set.id}>
      <legend>{set.name}</legend>
      <p id={ruleId} className="order-modal__rule">
        {setRuleText(set)}
        {set.maxAllowed !== null && set.maxAllowed > 1 ? ` (${count} of ${set.maxAllowed} chosen)` : ""}
        {set.description ? ` · ${set.description}` : ""}
      </p>
      {set.modifiers.map((modifier) => {
        const checked = selection.modifierIds.includes(modifier.id);
        const disabled = !modifier.available || (!checked && !single && !more);
        return (
          <label key={modifier.id} className={disabled ? "choice is-disabled" : "choice"}>
            <input
              type={single ? "radio" : "checkbox"}
              name={`set-${set.id}`}
              value={modifier.id}
              checked={checked}
              disabled={disabled}
              onChange={() => onToggle(modifier.id)}
              onClick={single && checked && set.minAllowed === 0 ? () => onToggle(modifier.id) : undefined}
            />
            <span className="choice__name">{modifier.name}</span>
            <span className="choice__price">
              {!modifier.available ? "Unavailable" : modifier.priceCents > 0 ? `+${price(modifier.priceCents, currency, locale)}` : ""}
            </span>
          </label>
        );
      })}
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The item modal: variation, modifiers per set within their limits (a required set keeps Add to cart
 * blocked and says what is missing; a full set disables further boxes), special instructions and
 * quantity, with the line price updated as the visitor chooses. Adding creates or extends the order. While the
 * location is closed or paused it says so (ordering-state.ts), and while it cannot take the order even for later,
 * Add to cart says why instead of adding.
 */
export default function ItemModal({ item: built, config, locationId, onClose }: ItemModalProps) {
  // What is sold out now, read again as the dialog opens: what the merchant sold out since the page loaded
  // cannot be chosen (and the service refuses it anyway).
  const live = useLiveSoldOut();
  const item = useMemo(() => withLiveSoldOut(built, built.id, live), [built, live]);
  const siteId = config.siteId;
  useEffect(() => {
    void refreshLiveAvailability(siteId);
  }, [siteId]);
  const [selection, setSelection] = useState<ItemSelection>(() => initialSelection(item));
  const { locale } = useSiteFormats();
  const [showProblems, setShowProblems] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { instructions: useId(), quantity: useId(), hint: useId(), error: useId(), variations: useId(), total: useId() };
  const variations = sortedVariations(item);
  const problems = useMemo(() => selectionProblems(item, selection), [item, selection]);
  const lineCents = selectionPriceCents(item, selection);
  const setError_ = (setId: string) => problems.find((problem) => "setId" in problem && problem.setId === setId)?.message;
  const ordering = useOrderingState(config, config.locations.find((candidate) => candidate.locationId === locationId));
  const noOrders = ordering?.canOrder === false;
  const blocked = problems.length > 0 || noOrders;

  const chosen = item.variations.find((variation) => variation.id === selection.variationId);
  useEffect(() => {
    // The chosen size was sold out meanwhile: move to the first one left, if any.
    if (chosen && isVariationSoldOut(chosen)) {
      const next = initialSelection(item);
      if (next.variationId !== chosen.id) setSelection((current) => ({ ...current, variationId: next.variationId }));
    }
  }, [item, chosen]);
  const soldOut = isItemSoldOut(item);

  const update = (next: Partial<ItemSelection>) => {
    setSelection((current) => ({ ...current, ...next }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || noOrders) return;
    if (blocked) {
      setShowProblems(true);
      const firstSet = problems.map((problem) => ("setId" in problem ? problem.setId : null)).find(Boolean);
      const target = firstSet
        ? formRef.current?.querySelector<HTMLInputElement>(`[data-set-id="${firstSet}"] input:not([disabled])`)
        : formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(ids.quantity)}`);
      target?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await addToCart(config, locationId, lineItemPayload(item, selection, config.currency));
      track(orderingEvent(ANALYTICS_ACTIONS.addToCart, item.name, lineCents, config.currency));
      announce(`Added ${selection.quantity} × ${item.name} to your cart.`, { visible: true });
      onClose();
    } catch (failure) {
      const soldOutNow = isApiError(failure) ? soldOutRefusal(failure.status, failure.body) : null;
      if (soldOutNow) void refreshLiveAvailability(siteId);
      setError(soldOutNow ?? (failure instanceof Error ? failure.message : String(failure)));
      setBusy(false);
    }
  };

  return (
    <Modal open onClose={onClose} title={item.name} className="order-modal">
      <form ref={formRef} onSubmit={submit} noValidate className="order-modal__form">
        {ordering && ordering.kind !== "open" ? <OrderingStateLine state={ordering} /> : null}
        {soldOut ? <p className="badge">{SOLD_OUT_LABEL}</p> : null}
        <VariationChoice variations={variations} chosenId={selection.variationId} currency={config.currency} onChoose={(variationId) => update({ variationId })} />
        {item.modifierSets.map((set) => (
          <ModifierSetFieldset
            key={set.id}
            set={set}
            selection={selection}
            currency={config.currency}
            error={showProblems ? setError_(set.id) : undefined}
            onToggle={(modifierId) => update({ modifierIds: toggleModifier(set, selection, modifierId).modifierIds })}
          />
        ))}
        <div className="form-field">
          <label htmlFor={ids.instructions}>Special instructions (optional)</label>
          <textarea
            id={ids.instructions}
            rows={2}
            maxLength={MAX_SPECIAL_INSTRUCTIONS}
            value={selection.specialInstructions}
            onChange={(event) => update({ specialInstructions: event.target.value })}
          />
        </div>
        <div className="order-modal__footer">
          <QuantityStepper id={ids.quantity} itemName={item.name} quantity={selection.quantity} onChange={(quantity) => update({ quantity })} />
          <p className="order-modal__total">
            Line total{" "}
            <output id={ids.total} aria-live="polite">
              {price(lineCents, config.currency, locale)}
            </output>
          </p>
        </div>
        {blocked ? (
          <p id={ids.hint} className="order-modal__hint">
            {noOrders ? ordering.sentence : problems[0].message}
          </p>
        ) : null}
        {error ? (
          <p id={ids.error} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button
          type="submit"
          className="button order-modal__add"
          aria-disabled={blocked || busy}
          aria-describedby={[blocked ? ids.hint : "", error ? ids.error : "", ids.total].filter(Boolean).join(" ")}
        >
          {busy ? "Adding…" : `Add to cart · ${price(lineCents, config.currency, locale)}`}
        </button>
      </form>
    </Modal>
  );
}

/** The sizes to choose from (sold-out ones shown, not choosable), or the one price when there is one size. */
function VariationChoice({ variations, chosenId, currency, onChoose }: { variations: OrderableItem["variations"]; chosenId: string; currency: string; onChoose(variationId: string): void }) {
  const { locale } = useSiteFormats();
  if (variations.length <= 1) return <p className="order-modal__base">{price(variations[0].priceCents, currency, locale)}</p>;
  return (
    <fieldset className="order-modal__set">
      <legend>Choose one</legend>
      {variations.map((variation) => {
        const soldOut = isVariationSoldOut(variation);
        return (
          <label key={variation.id} className={soldOut ? "choice is-disabled" : "choice"}>
            <input type="radio" name="variation" value={variation.id} checked={chosenId === variation.id} disabled={soldOut} onChange={() => onChoose(variation.id)} />
            <span className="choice__name">{variation.name || "Standard"}</span>
            <span className="choice__price">{soldOut ? SOLD_OUT_LABEL.toLowerCase() : price(variation.priceCents, currency, locale)}</span>
          </label>
        );
      })}
    </fieldset>
  );
}

function QuantityStepper({ id, itemName, quantity, onChange }: { id: string; itemName: string; quantity: number; onChange(quantity: number): void }) {
  return (
    <div className="stepper" role="group" aria-label={`Quantity of ${itemName}`}>
      <button type="button" className="icon-button" aria-label="Decrease quantity" disabled={quantity <= MIN_QUANTITY} onClick={() => onChange(clampQuantity(quantity - 1))}>
        −
      </button>
      <label htmlFor={id} className="visually-hidden">
        Quantity
      </label>
      <input id={id} className="stepper__input" type="number" inputMode="numeric" min={MIN_QUANTITY} max={MAX_QUANTITY} value={quantity} onChange={(event) => onChange(clampQuantity(Number(event.target.value)))} />
      <button type="button" className="icon-button" aria-label="Increase quantity" disabled={quantity >= MAX_QUANTITY} onClick={() => onChange(clampQuantity(quantity + 1))}>
        +
      </button>
    </div>
  );
}
