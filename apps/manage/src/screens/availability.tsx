import React, { useEffect, useId, useState, type ReactNode } from "react";
import type { AvailabilityItem, AvailabilityModifier, AvailabilityReply } from "@mainstreet/rules/api/manage-api";
import type { SoldOutChange } from "@mainstreet/rules/api/manage-requests";
import { choiceOf, SoldOutControl, type SoldOutUntil } from "../availability/sold-out-control";
import { useFolds } from "../availability/use-folds";
import { LoadState, ScreenHeading, useNow } from "../components/ui";
import { useLive } from "../live/live";
import { useSession } from "../session";
import type { FirstRead } from "../types";
import { read } from "../reads";
import { useLoad } from "../use-load";

const MODIFIERS_GROUP = "\u0000modifiers";
const categoryName = (category: string | null) => category ?? "Not in a menu category";
const availabilityRead = read<AvailabilityReply>("manage/availability/");
export const availabilityFirstRead: FirstRead = () => availabilityRead;
const isOut = (until: SoldOutUntil, now: number) => choiceOf(until, now) !== false;

/** A group of the list that folds: its heading is the button, and says how much is sold out inside. */
function Fold({ id, title, count, noun, out, open, onToggle, children }: { id: string; title: string; count: number; noun: [string, string]; out: number; open: boolean; onToggle: () => void; children: ReactNode }) {
  return (
    <section className="availability__category" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="fold__heading">
        <button type="button" className="fold__toggle" aria-expanded={open} aria-controls={id} onClick={onToggle}>
          <span className="fold__title">{title}</span>
          <span className="fold__count">
            {count} {count === 1 ? noun[0] : noun[1]}
            {out > 0 ? `, ${out} sold out` : ""}
          </span>
        </button>
      </h2>
      <div id={id} hidden={!open}>
        {children}
      </div>
    </section>
  );
}

function ItemEntry({ item, onSaved }: { item: AvailabilityItem; onSaved: (item: AvailabilityItem) => void }) {
  const { api } = useSession();
  const save = async (choice: SoldOutChange, variationId?: string): Promise<SoldOutUntil> => {
    const entry = await api.send<AvailabilityItem>("PUT", `manage/availability/${encodeURIComponent(item.item_id)}/`, { sold_out: choice, ...(variationId ? { variation_id: variationId } : {}) });
    onSaved(entry);
    return (variationId ? entry.variations.find((variation) => variation.id === variationId)?.sold_out_until : entry.sold_out_until) ?? null;
  };
  return (
    <li className="availability__item card">
      <h3 className="availability__name">{item.name}</h3>
      <SoldOutControl name={item.name} until={item.sold_out_until} locked={item.sold_out_in_data} save={(choice) => save(choice)} />
      {item.variations.length > 1 ? (
        <ul className="availability__variations">
          {item.variations.map((variation) => (
            <li key={variation.id}>
              <h4 className="availability__name">
                {item.name}: {variation.name}
              </h4>
              <SoldOutControl name={`${item.name}, ${variation.name}`} until={variation.sold_out_until} locked={variation.sold_out_in_data} save={(choice) => save(choice, variation.id)} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function ModifierEntry({ modifier, onSaved }: { modifier: AvailabilityModifier; onSaved: (modifier: AvailabilityModifier) => void }) {
  const { api } = useSession();
  const save = async (choice: SoldOutChange): Promise<SoldOutUntil> => {
    const saved = await api.send<AvailabilityModifier>("PUT", `manage/availability/modifiers/${encodeURIComponent(modifier.modifier_id)}/`, { sold_out: choice });
    onSaved(saved);
    return saved.sold_out_until;
  };
  return (
    <li className="availability__item card">
      <h3 className="availability__name">{modifier.name}</h3>
      {modifier.sets.length > 0 ? <p className="muted">In {modifier.sets.join(", ")}: sold out on every item that offers it.</p> : null}
      <SoldOutControl name={modifier.name} until={modifier.sold_out_until} locked={modifier.sold_out_in_data} save={save} />
    </li>
  );
}

export function AvailabilityScreen() {
  const { user } = useSession();
  const { onAvailability } = useLive();
  const now = useNow();
  const [query, setQuery] = useState("");
  const [onlySoldOut, setOnlySoldOut] = useState(false);
  const folds = useFolds(`mainstreet.manage.availability.open.${user.business_id}`);
  const menu = useLoad(availabilityRead);
  const { update, reload } = menu;
  const itemSaved = (entry: AvailabilityItem) => update((current) => ({ ...current, items: current.items.map((item) => (item.item_id === entry.item_id ? entry : item)) }));
  const modifierSaved = (entry: AvailabilityModifier) => update((current) => ({ ...current, modifiers: current.modifiers.map((modifier) => (modifier.modifier_id === entry.modifier_id ? entry : modifier)) }));
  useEffect(
    () =>
      onAvailability((entry) => {
        if (entry) update((current) => ({ ...current, items: current.items.map((item) => (item.item_id === entry.item_id ? entry : item)) }));
        else void reload();
      }),
    [onAvailability, update, reload],
  );
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (text: string) => words.every((word) => text.toLowerCase().includes(word));
  const itemOut = (item: AvailabilityItem) => isOut(item.sold_out_until, now) || item.variations.some((variation) => isOut(variation.sold_out_until, now));
  const items = (menu.data?.items ?? []).filter((item) => matches(`${item.name} ${item.category ?? ""}`) && (!onlySoldOut || itemOut(item)));
  const modifiers = (menu.data?.modifiers ?? []).filter((modifier) => matches(`${modifier.name} ${modifier.sets.join(" ")}`) && (!onlySoldOut || isOut(modifier.sold_out_until, now)));
  const categories = [...new Set(items.map((item) => item.category))];
  // While searching or filtering, every group with a match is open: what was asked for is shown.
  const narrowed = words.length > 0 || onlySoldOut;
  const isOpen = (group: string) => narrowed || folds.isOpen(group);
  const idBase = useId();
  const searchId = `${idBase}-search`;
  return (
    <section aria-labelledby="availability-title">
      <div className="screen__header">
        <ScreenHeading id="availability-title">Availability</ScreenHeading>
        <p className="muted">Sold out shows on the site within a minute, and the site refuses it in orders. &ldquo;Today&rdquo; ends at midnight.</p>
        <div className="toolbar">
          <div className="field field--inline">
            <label htmlFor={searchId}>Find an item</label>
            <input id={searchId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
          </div>
          <label className="choice">
            <input type="checkbox" checked={onlySoldOut} onChange={(event) => setOnlySoldOut(event.target.checked)} />
            Only sold out
          </label>
        </div>
      </div>
      <LoadState loading={menu.loading && !menu.data} error={menu.error} onRetry={() => void menu.reload()} what="the menu" />
      {menu.data && items.length === 0 && modifiers.length === 0 ? <p className="empty">{menu.data.items.length === 0 ? "This business has no menu items." : "No item matches."}</p> : null}
      {categories.map((category, index) => {
        const inCategory = items.filter((item) => item.category === category);
        const group = category ?? "";
        return (
          <Fold key={group} id={`${idBase}-c${index}`} title={categoryName(category)} count={inCategory.length} noun={["item", "items"]} out={inCategory.filter(itemOut).length} open={isOpen(group)} onToggle={() => folds.toggle(group)}>
            <ul className="availability">
              {inCategory.map((item) => (
                <ItemEntry key={item.item_id} item={item} onSaved={itemSaved} />
              ))}
            </ul>
          </Fold>
        );
      })}
      {modifiers.length > 0 ? (
        <Fold id={`${idBase}-modifiers`} title="Modifiers (toppings, extras)" count={modifiers.length} noun={["modifier", "modifiers"]} out={modifiers.filter((modifier) => isOut(modifier.sold_out_until, now)).length} open={isOpen(MODIFIERS_GROUP)} onToggle={() => folds.toggle(MODIFIERS_GROUP)}>
          <ul className="availability">
            {modifiers.map((modifier) => (
              <ModifierEntry key={modifier.modifier_id} modifier={modifier} onSaved={modifierSaved} />
            ))}
          </ul>
        </Fold>
      ) : null}
    </section>
  );
}
