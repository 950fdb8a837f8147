import React, { useEffect, useId, useState } from "react";
import type { AvailabilityItem } from "@mainstreet/rules/api/manage-api";
import type { SoldOutChange as SoldOutChoice } from "@mainstreet/rules/api/manage-requests";
import { errorMessage } from "../api/client";
import { ErrorText, useNow } from "../components/ui";
import { formatWhen } from "../format";
import { useLocations, useSession } from "../session";

export type SoldOutUntil = AvailabilityItem["sold_out_until"];

const CHOICES: { value: SoldOutChoice; label: string }[] = [
  { value: false, label: "Available" },
  { value: "today", label: "Sold out today" },
  { value: "indefinitely", label: "Sold out until further notice" },
];

/** Which choice a stored state is: a time means "today" (until the next local midnight). */
export function choiceOf(until: SoldOutUntil, now: number): SoldOutChoice {
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

/**
 * The three choices for one thing on the menu (an item, a variation, a modifier): `save` sends the choice
 * and answers the state the service stored.
 */
export function SoldOutControl({ name, until, locked, save }: { name: string; until: SoldOutUntil; locked?: boolean; save: (choice: SoldOutChoice) => Promise<SoldOutUntil> }) {
  const { announce } = useSession();
  const { zoneOf } = useLocations();
  const now = useNow();
  const [busy, setBusy] = useState<SoldOutChoice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(until);
  useEffect(() => setShown(until), [until]);
  // Sold out "today" ends at midnight on the primary location's clock.
  const zone = zoneOf(null);
  const current = choiceOf(shown, now);
  const statusId = useId();
  const choose = async (choice: SoldOutChoice) => {
    if (busy !== null || choice === current) return;
    setBusy(choice);
    setError(null);
    try {
      setShown(await save(choice));
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
