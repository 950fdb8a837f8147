import React, { useEffect, useId, useState, type FormEvent } from "react";
import type { KitchenState } from "@mainstreet/rules/api/manage-api";
import { ActionButton, ErrorText, FieldError, LoadState, ScreenHeading, useNow } from "../components/ui";
import { formatWhen, nextWallTime, wallTimeValue } from "../format";
import { useLive } from "../live/live";
import { useLocations, useSession } from "../session";
import { useFieldErrors } from "../use-field-errors";
import type { KitchenChange } from "@mainstreet/rules/api/manage-requests";

const RUSH_PRESETS = [0, 10, 20, 30] as const;
const PAUSE_PRESETS_MINUTES = [15, 30, 60] as const;
const MAX_RUSH = 120;
const MAX_PER_SLOT = 1000;

function useKitchenSave(state: KitchenState) {
  const { api, announce } = useSession();
  const { applyKitchen } = useLive();
  return async (change: KitchenChange, done: string) => {
    const updated = await api.send<KitchenState>("PUT", `manage/kitchen/${encodeURIComponent(state.location_id)}/`, change);
    applyKitchen(updated);
    announce(`${state.name}: ${done}`);
  };
}

function RushForm({ state }: { state: KitchenState }) {
  const save = useKitchenSave(state);
  const [value, setValue] = useState(String(state.rush_minutes));
  useEffect(() => setValue(String(state.rush_minutes)), [state.rush_minutes]);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const errors = useFieldErrors(["rush_minutes"], inputId);
  const apply = async (minutes: number) => {
    setBusy(true);
    errors.clear();
    try {
      await save({ rush_minutes: minutes }, minutes === 0 ? "rush off." : `rush set to ${minutes} extra minutes.`);
      setValue(String(minutes));
    } catch (caught) {
      errors.refuse(caught);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const minutes = Number(value);
    if (value.trim() === "" || !Number.isInteger(minutes) || minutes < 0 || minutes > MAX_RUSH) {
      errors.fail("rush_minutes");
      return;
    }
    void apply(minutes);
  };
  return (
    <form className="kitchen__form" noValidate onSubmit={submit} aria-labelledby={`${inputId}-legend`}>
      <h3 id={`${inputId}-legend`}>Rush</h3>
      <p className="kitchen__now">{state.rush_minutes > 0 ? `On: every ready time is ${state.rush_minutes} minutes later.` : "Off: ready times as usual."}</p>
      <div className="presets" role="group" aria-label="Rush presets">
        {RUSH_PRESETS.map((minutes) => (
          <button
            key={minutes}
            type="button"
            className="button"
            aria-pressed={state.rush_minutes === minutes}
            aria-disabled={busy}
            onClick={() => !busy && void apply(minutes)}
          >
            {minutes === 0 ? "No rush" : `+${minutes} min`}
          </button>
        ))}
      </div>
      <div className="field field--inline">
        <label htmlFor={inputId}>Extra minutes</label>
        <input id={inputId} type="number" inputMode="numeric" min={0} max={MAX_RUSH} step={5} value={value} {...errors.input("rush_minutes", hintId)} onChange={(event) => setValue(event.target.value)} />
        <button type="submit" className="button" aria-disabled={busy}>
          {busy ? "Saving…" : "Set rush"}
        </button>
      </div>
      <FieldError id={errors.errorId("rush_minutes")} message={errors.error("rush_minutes")} />
      <p className="hint" id={hintId}>
        Added to every ready time the site promises, as soon as possible and scheduled, from now on.
      </p>
      <ErrorText message={errors.message} />
    </form>
  );
}

function PauseForm({ state, zone, now }: { state: KitchenState; zone: string; now: number }) {
  const save = useKitchenSave(state);
  const pausedUntil = state.paused_until && new Date(state.paused_until).getTime() > now ? state.paused_until : null;
  const [time, setTime] = useState(() => wallTimeValue(now + 60 * 60_000, zone));
  const inputId = useId();
  const headingId = useId();
  const errors = useFieldErrors(["paused_until"], inputId);
  const pause = (until: number, said: string) => save({ paused_until: new Date(until).toISOString() }, `online orders paused until ${said}.`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    errors.clear();
    let until: number;
    try {
      until = nextWallTime(time, zone, Date.now());
    } catch {
      errors.fail("paused_until");
      return;
    }
    pause(until, formatWhen(until, zone, Date.now())).catch(errors.refuse);
  };
  return (
    <form className="kitchen__form" noValidate onSubmit={submit} aria-labelledby={headingId}>
      <h3 id={headingId}>Pause online orders</h3>
      {pausedUntil ? (
        <>
          <p className="kitchen__now kitchen__now--paused">Paused until {formatWhen(pausedUntil, zone, now)}: the site takes no orders before then.</p>
          <ActionButton className="button button--primary" busyLabel="Resuming…" onAction={() => save({ paused_until: null }, "online orders resumed.")} onError={errors.say}>
            Resume online orders now
          </ActionButton>
        </>
      ) : (
        <>
          <p className="kitchen__now">Taking online orders.</p>
          <div className="presets" role="group" aria-label="Pause for">
            {PAUSE_PRESETS_MINUTES.map((minutes) => (
              <ActionButton
                key={minutes}
                busyLabel="Pausing…"
                onAction={() => {
                  const until = Date.now() + minutes * 60_000;
                  return pause(until, formatWhen(until, zone, Date.now()));
                }}
                onError={errors.say}
              >
                {minutes < 60 ? `${minutes} min` : `${minutes / 60} hour`}
              </ActionButton>
            ))}
          </div>
          <div className="field field--inline">
            <label htmlFor={inputId}>Until</label>
            <input id={inputId} type="time" required value={time} onChange={(event) => setTime(event.target.value)} {...errors.input("paused_until")} />
            <button type="submit" className="button">
              Pause
            </button>
          </div>
          <FieldError id={errors.errorId("paused_until")} message={errors.error("paused_until")} />
          <p className="hint">The time is {state.name}&rsquo;s local time; a time already past today means tomorrow.</p>
        </>
      )}
      <ErrorText message={errors.message} />
    </form>
  );
}

function CapacityForm({ state }: { state: KitchenState }) {
  const save = useKitchenSave(state);
  const [value, setValue] = useState(state.orders_per_slot === null ? "" : String(state.orders_per_slot));
  useEffect(() => setValue(state.orders_per_slot === null ? "" : String(state.orders_per_slot)), [state.orders_per_slot]);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const headingId = useId();
  const errors = useFieldErrors(["orders_per_slot"], inputId);
  const fromData = state.orders_per_slot_from_data;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const text = value.trim();
    const count = Number(text);
    if (text !== "" && (!Number.isInteger(count) || count < 1 || count > MAX_PER_SLOT)) {
      errors.fail("orders_per_slot");
      return;
    }
    setBusy(true);
    errors.clear();
    try {
      await save({ orders_per_slot: text === "" ? null : count }, text === "" ? "slot capacity back to the usual setting." : `at most ${count} orders per 15-minute slot.`);
    } catch (caught) {
      errors.refuse(caught);
    } finally {
      setBusy(false);
    }
  };
  const usual = fromData === null ? "no limit" : `${fromData} per slot`;
  return (
    <form className="kitchen__form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={headingId}>
      <h3 id={headingId}>Orders per 15-minute slot</h3>
      <p className="kitchen__now">
        Now: {state.orders_per_slot === null ? `the usual setting (${usual})` : `at most ${state.orders_per_slot}`}.
      </p>
      <div className="field field--inline">
        <label htmlFor={inputId}>Orders per slot</label>
        <input id={inputId} type="number" inputMode="numeric" min={1} max={MAX_PER_SLOT} step={1} value={value} {...errors.input("orders_per_slot", hintId)} onChange={(event) => setValue(event.target.value)} />
        <button type="submit" className="button" aria-disabled={busy}>
          {busy ? "Saving…" : "Save"}
        </button>
      </div>
      <FieldError id={errors.errorId("orders_per_slot")} message={errors.error("orders_per_slot")} />
      <p className="hint" id={hintId}>
        Empty: the usual setting from the business data ({usual}). A full slot is not offered on the site.
      </p>
      <ErrorText message={errors.message} />
    </form>
  );
}

export function KitchenScreen() {
  const live = useLive();
  const { zoneOf, location } = useLocations();
  const now = useNow(15_000);
  return (
    <section aria-labelledby="kitchen-title">
      <div className="screen__header">
        <ScreenHeading id="kitchen-title">Kitchen</ScreenHeading>
        <p className="muted">Changes reach the site at once: the checkout reads them on its next look.</p>
      </div>
      <LoadState loading={live.kitchen === null && !live.kitchenError} error={live.kitchenError} onRetry={() => void live.reloadKitchen()} what="kitchen settings" />
      {live.kitchen && live.kitchen.length === 0 ? <p className="empty">No location of this business takes online orders.</p> : null}
      <div className="kitchen">
        {(live.kitchen ?? []).map((entry) => ({ ...entry, name: entry.name ?? location(entry.location_id)?.name ?? entry.location_id })).map((state) => (
          <section key={state.location_id} className="card kitchen__location" aria-labelledby={`kitchen-${state.location_id}`}>
            <h2 id={`kitchen-${state.location_id}`}>{state.name}</h2>
            <RushForm state={state} />
            <PauseForm state={state} zone={zoneOf(state.location_id)} now={now} />
            <CapacityForm state={state} />
          </section>
        ))}
      </div>
    </section>
  );
}
