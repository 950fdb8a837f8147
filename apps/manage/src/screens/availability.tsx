import React, { useEffect, useId, useState } from "react";
import { errorMessage } from "../api/client";
import type { AvailabilityItem } from "@mainstreet/rules/api/manage-api";
import type { SoldOutChange as SoldOutChoice } from "@mainstreet/rules/api/manage-requests";

type SoldOutUntil = AvailabilityItem["sold_out_until"];
import { ErrorText, LoadState, ScreenHeading, useNow } from "../components/ui";
import { formatWhen } from "../format";
import { useLive } from "../live/live";
import { useLocations, useSession } from "../session";
import { useLoad } from "../use-load";

const CHOICES: { value: SoldOutChoice; label: string }[] = [
  { value: false, label: "Available" },
  { value: "today", label: "Sold out today" },
  { value: "indefinitely", label: "Sold out until further notice" },
];

/** Which choice a stored state is: a time means "today" (until the next local midnight). */
function choiceOf(until: SoldOutUntil, now: number): SoldOutChoice {
  if (until === null) return false;
  if (until === "indefinitely") return "indefinitely";
  return new Date(until).getTime() > now ? "today" : false;
}

function stateText(until: SoldOutUntil, locked: boolean | undefined, zone: string, now: number): string {
  if (locked) return "Unavailable in the business data (change it there)";
  const choice = choiceOf(until, now);
  if (choice === "indefinitely") return "Sold out until further notice";
  if (choice === "today" && until) return `Sold out until ${formatWhen(until, zone, now)}`;
  return "Available";
}

function SoldOutControl({ name, itemId, variationId, until, locked }: { name: string; itemId: string; variationId?: string; until: SoldOutUntil; locked?: boolean }) {
  const { api, announce } = useSession();
  const { locations, zoneOf } = useLocations();
  const now = useNow();
  const [busy, setBusy] = useState<SoldOutChoice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(until);
  useEffect(() => setShown(until), [until]);
  const zone = zoneOf(locations[0]?.id);
  const current = choiceOf(shown, now);
  const statusId = useId();
  const choose = async (choice: SoldOutChoice) => {
    if (busy !== null || choice === current) return;
    setBusy(choice);
    setError(null);
    try {
      const entry = await api.send<AvailabilityItem>("PUT", `manage/availability/${encodeURIComponent(itemId)}/`, { sold_out: choice, ...(variationId ? { variation_id: variationId } : {}) });
      const updated = variationId ? entry.variations.find((variation) => variation.id === variationId)?.sold_out_until : entry.sold_out_until;
      setShown(updated === undefined ? null : updated);
      announce(`${name}: ${CHOICES.find((option) => option.value === choice)?.label.toLowerCase()}.`);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="availability__control">
      <p className={`availability__state${current === false ? "" : " availability__state--out"}`} id={statusId}>
        {stateText(shown, locked, zone, now)}
      </p>
      {locked ? null : (
        <div className="presets" role="group" aria-label={`${name}: availability`}>
          {CHOICES.map((option) => (
            <button
              key={String(option.value)}
              type="button"
              className="button button--small"
              aria-pressed={current === option.value}
              aria-disabled={busy !== null}
              onClick={() => void choose(option.value)}
            >
              {busy === option.value ? "Saving…" : option.label}
            </button>
          ))}
        </div>
      )}
      <ErrorText message={error} />
    </div>
  );
}

export function AvailabilityScreen() {
  const { api } = useSession();
  const { onAvailability } = useLive();
  const now = useNow();
  const [query, setQuery] = useState("");
  const [onlySoldOut, setOnlySoldOut] = useState(false);
  const items = useLoad(() => api.get<{ items: AvailabilityItem[] }>("manage/availability/").then((reply) => reply.items), "availability");
  const { update, reload } = items;
  useEffect(
    () =>
      onAvailability((entry) => {
        if (entry) update((list) => list.map((item) => (item.item_id === entry.item_id ? entry : item)));
        else void reload();
      }),
    [onAvailability, update, reload],
  );
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const isOut = (item: AvailabilityItem) => choiceOf(item.sold_out_until, now) !== false || item.variations.some((variation) => choiceOf(variation.sold_out_until, now) !== false);
  const shown = (items.data ?? []).filter((item) => words.every((word) => `${item.name} ${item.category}`.toLowerCase().includes(word)) && (!onlySoldOut || isOut(item)));
  const categories = [...new Set(shown.map((item) => item.category))];
  const categoryName = (category: string | null) => category ?? "Not in a menu category";
  const searchId = useId();
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
      <LoadState loading={items.loading && !items.data} error={items.error} onRetry={() => void items.reload()} what="the menu" />
      {items.data && shown.length === 0 ? <p className="empty">{items.data.length === 0 ? "This business has no menu items." : "No item matches."}</p> : null}
      {categories.map((category) => (
        <section key={category ?? ""} className="availability__category" aria-label={categoryName(category)}>
          <h2>{categoryName(category)}</h2>
          <ul className="availability">
            {shown
              .filter((item) => item.category === category)
              .map((item) => (
                <li key={item.item_id} className="availability__item card">
                  <h3 className="availability__name">{item.name}</h3>
                  <SoldOutControl name={item.name} itemId={item.item_id} until={item.sold_out_until} locked={item.sold_out_in_data} />
                  {item.variations.length > 1 ? (
                    <ul className="availability__variations">
                      {item.variations.map((variation) => (
                        <li key={variation.id}>
                          <h4 className="availability__name">
                            {item.name}: {variation.name}
                          </h4>
                          <SoldOutControl name={`${item.name}, ${variation.name}`} itemId={item.item_id} variationId={variation.id} until={variation.sold_out_until} locked={variation.sold_out_in_data} />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
