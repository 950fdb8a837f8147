/**
 * The reservation form's slot list and its cancel link, loaded with the form only.
 */
import type { TimeSlot } from "../hours/time-slots";
import type { ServerSlot } from "../api/api-views";

export type { ServerSlot };

export interface SlotOption {
  start: string;
  label: string;
  /** Seats or chairs left; null when the service could not be asked. */
  remaining: number | null;
  available: boolean;
}

/**
 * The times the form lists. The service's answer wins when there is one: it applies the same rule with
 * its own clock and knows what is booked. Without it (offline) the local rule's slots are offered and
 * the service decides on submission.
 */
export function slotOptions(local: readonly TimeSlot[], server?: readonly ServerSlot[] | null): SlotOption[] {
  if (server) return server.map((slot) => ({ start: slot.start, label: slot.label, remaining: slot.remaining, available: slot.available }));
  return local.map((slot) => ({ start: slot.start, label: slot.label, remaining: null, available: true }));
}

export function slotOptionLabel(slot: SlotOption): string {
  return slot.available ? slot.label : `${slot.label} (fully booked)`;
}

// ─── cancel link ───────────────────────────────────────────────────────────────────────────────────

const REFERENCE = /^R-[A-Z2-9]{4}-[A-Z2-9]{4}$/;
const CANCEL_TOKEN = /^[0-9a-f]{32}$/;

/**
 * The cancel link lives in the URL fragment: browsers never send a fragment to a server, so the cancel
 * token stays out of access logs and Referer headers.
 */
export function cancelHash(reference: string, token: string): string {
  if (!REFERENCE.test(reference)) throw new RangeError(`cancelHash: expected a reference like R-ABCD-EF23, got "${reference}"`);
  if (!CANCEL_TOKEN.test(token)) throw new RangeError("cancelHash: expected the 32-character cancel token from the booking reply");
  return `#cancel=${reference}&token=${token}`;
}

export function parseCancelHash(hash: string): { reference: string; token: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const reference = params.get("cancel") ?? "";
  const token = params.get("token") ?? "";
  return REFERENCE.test(reference) && CANCEL_TOKEN.test(token) ? { reference, token } : null;
}
