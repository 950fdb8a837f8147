import React, { useEffect, useId, useState } from "react";
import type { KitchenState, OrderTicket } from "@mainstreet/rules/api/manage-api";
import type { FirstRead, ScreenProps } from "../types";
import { ConfirmDialog } from "../components/dialog";
import { FieldError, LoadState, ScreenHeading, SelectField, useNow, ViewLinks } from "../components/ui";
import { formatWhen } from "../format";
import { useLive } from "../live/live";
import { sortTickets, STATUS_LABEL } from "../orders/queue";
import { TICKETS_AT_ONCE, useRevealed, type Revealed } from "../orders/revealed";
import { Ticket } from "../orders/ticket";
import { useLocations, useSession } from "../session";
import { useFieldErrors } from "../use-field-errors";
import { read } from "../reads";
import { useLoad } from "../use-load";

const recentOrdersRead = read("manage/orders/?view=recent", (reply: { orders: OrderTicket[] }) => reply.orders);
/** The queue is the live stream's; what the screen reads is its Recent view. */
export const ordersFirstRead: FirstRead = () => recentOrdersRead;

const CANCEL_REASONS = ["Sold out", "Kitchen too busy", "Closing early", "The customer asked"] as const;
const OTHER = "other";

function CancelDialog({ ticket, onClose }: { ticket: OrderTicket | null; onClose: () => void }) {
  const { api, announce } = useSession();
  const { applyOrder } = useLive();
  const [choice, setChoice] = useState<string>(CANCEL_REASONS[0]);
  const [other, setOther] = useState("");
  const [busy, setBusy] = useState(false);
  const otherId = useId();
  const errors = useFieldErrors(choice === OTHER ? ["reason"] : [], otherId);
  const { clear } = errors;
  useEffect(() => {
    setChoice(CANCEL_REASONS[0]);
    setOther("");
    clear();
  }, [ticket?.id, clear]);
  const confirm = async () => {
    if (!ticket) return;
    const reason = choice === OTHER ? other.trim() : choice;
    if (!reason) {
      errors.fail("reason");
      return;
    }
    setBusy(true);
    errors.clear();
    try {
      const updated = await api.send<OrderTicket>("POST", `manage/orders/${encodeURIComponent(ticket.id)}/status/`, { status: "cancelled", reason }, { idempotent: true });
      applyOrder(updated);
      announce(`Order ${ticket.number} cancelled.`);
      onClose();
    } catch (caught) {
      errors.refuse(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={ticket !== null}
      title={ticket ? `Cancel order ${ticket.number}?` : "Cancel order"}
      confirmLabel="Cancel order"
      busyLabel="Cancelling…"
      cancelLabel="Keep order"
      busy={busy}
      error={errors.message}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <p>The customer gets an email with the reason, and the payment is voided or refunded.</p>
      <fieldset className="choices">
        <legend>Reason</legend>
        {[...CANCEL_REASONS, OTHER].map((reason) => (
          <label key={reason} className="choice">
            <input type="radio" name="cancel-reason" value={reason} checked={choice === reason} onChange={() => setChoice(reason)} />
            {reason === OTHER ? "Another reason" : reason}
          </label>
        ))}
      </fieldset>
      {choice === OTHER ? (
        <div className="field">
          <label htmlFor={otherId}>Reason for the customer</label>
          <input id={otherId} type="text" maxLength={300} aria-required="true" value={other} onChange={(event) => setOther(event.target.value)} {...errors.input("reason")} />
          <FieldError id={errors.errorId("reason")} message={errors.error("reason")} />
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

/** A paused or rushed kitchen, said above the queue so nobody wonders why orders stopped or run late. */
function KitchenNotes({ kitchen, now }: { kitchen: KitchenState[] | null; now: number }) {
  const { zoneOf } = useLocations();
  const notes = (kitchen ?? []).flatMap((state) => {
    const parts: string[] = [];
    if (state.paused_until && new Date(state.paused_until).getTime() > now) parts.push(`online orders paused until ${formatWhen(state.paused_until, zoneOf(state.location_id), now)}`);
    if (state.rush_minutes > 0) parts.push(`rush: ${state.rush_minutes} extra minutes on every ready time`);
    return parts.length > 0 ? [`${state.name ?? state.location_id}: ${parts.join("; ")}.`] : [];
  });
  if (notes.length === 0) return null;
  return (
    <div className="kitchen-notes">
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
      <a href="#/kitchen">Change in Kitchen</a>
    </div>
  );
}

/** Every location the business has, and any an order names that the session did not list. */
function useOrderLocations(tickets: OrderTicket[]): Map<string, string> {
  const { locations } = useLocations();
  const known = new Map(locations.map((location) => [location.id, location.name]));
  for (const ticket of tickets) if (!known.has(ticket.location.id)) known.set(ticket.location.id, ticket.location.name ?? ticket.location.id);
  return known;
}

function LocationFilter({ known, value, onChange }: { known: Map<string, string>; value: string; onChange: (value: string) => void }) {
  const id = useId();
  if (known.size < 2) return null;
  const options = [{ id: "all", name: "All locations" }, ...[...known].map(([locationId, name]) => ({ id: locationId, name }))];
  return <SelectField id={id} label="Location" value={value} options={options} onChange={onChange} inline />;
}

/** After a long list's first tickets: how many are shown, and the next batch (also rendered on scrolling near it). */
function MoreTickets({ revealed, total }: { revealed: Revealed; total: number }) {
  if (revealed.count >= total) return null;
  return (
    <div ref={revealed.sentinel} className="tickets-more">
      <p className="muted">
        Showing {revealed.count} of {total} orders.
      </p>
      <button type="button" className="button" onClick={revealed.more}>
        Show {Math.min(TICKETS_AT_ONCE, total - revealed.count)} more
      </button>
    </div>
  );
}

function RecentOrders({ location, showLocation }: { location: string; showLocation: boolean }) {
  const { onOrder } = useLive();
  const now = useNow();
  const recent = useLoad(recentOrdersRead);
  const { update } = recent;
  useEffect(
    () =>
      onOrder((ticket) => {
        if (ticket.status !== "completed" && ticket.status !== "cancelled") return;
        update((orders) => [ticket, ...orders.filter((order) => order.id !== ticket.id)]);
      }),
    [onOrder, update],
  );
  const orders = (recent.data ?? [])
    .filter((ticket) => location === "all" || ticket.location.id === location)
    .sort((a, b) => new Date(b.updated_at).getTime() - new Date(a.updated_at).getTime());
  const revealed = useRevealed(orders.length);
  return (
    <>
      <LoadState loading={recent.loading && !recent.data} error={recent.error} onRetry={() => void recent.reload()} what="recent orders" />
      {recent.data && orders.length === 0 ? <p className="empty">No orders completed or cancelled in the last 48 hours.</p> : null}
      <div className="tickets tickets--recent">
        {orders.slice(0, revealed.count).map((ticket) => (
          <Ticket key={ticket.id} ticket={ticket} now={now} arrived={false} showLocation={showLocation} />
        ))}
      </div>
      <MoreTickets revealed={revealed} total={orders.length} />
    </>
  );
}

/**
 * The queue, oldest promise first. Its own component, as the recent list is: each view starts from its first
 * tickets when it opens, so going back to the queue renders a batch, not every ticket scrolled through before.
 */
function ActiveOrders({ location, showLocation, onCancel }: { location: string; showLocation: boolean; onCancel: (ticket: OrderTicket) => void }) {
  const { api, announce } = useSession();
  const live = useLive();
  const now = useNow();
  const tickets = sortTickets(live.queue.tickets.filter((ticket) => location === "all" || ticket.location.id === location));
  const arrived = new Set(live.queue.arrived);
  const revealed = useRevealed(tickets.length);

  const advance = async (ticket: OrderTicket, status: OrderTicket["status"]) => {
    const updated = await api.send<OrderTicket>("POST", `manage/orders/${encodeURIComponent(ticket.id)}/status/`, { status }, { idempotent: true });
    live.applyOrder(updated);
    announce(`Order ${ticket.number}: ${STATUS_LABEL[updated.status].toLowerCase()}.`);
  };

  return (
    <>
      <LoadState loading={false} error={live.queueError} onRetry={() => void live.reloadQueue()} what="orders" />
      {tickets.length === 0 && !live.queueError ? (
        <p className="empty">No orders waiting. New orders appear here the moment they are placed, with a sound when it is turned on.</p>
      ) : null}
      <div className="tickets">
        {tickets.slice(0, revealed.count).map((ticket) => (
          <Ticket key={ticket.id} ticket={ticket} now={now} arrived={arrived.has(ticket.id)} showLocation={showLocation} onAdvance={advance} onCancel={onCancel} />
        ))}
      </div>
      <MoreTickets revealed={revealed} total={tickets.length} />
    </>
  );
}

export function OrdersScreen({ view }: ScreenProps) {
  const recent = view === "recent";
  const live = useLive();
  const now = useNow();
  const [location, setLocation] = useState("all");
  const [cancelling, setCancelling] = useState<OrderTicket | null>(null);
  const known = useOrderLocations(live.queue.tickets);
  const multiLocation = known.size > 1 && location === "all";

  return (
    <section className="orders" aria-labelledby="orders-title">
      <div className="screen__header">
        <ScreenHeading id="orders-title">{recent ? "Recent orders" : "Order queue"}</ScreenHeading>
        <ViewLinks
          label="Orders"
          links={[
            { label: `Active (${live.queue.tickets.length})`, route: { screen: "orders", view: null }, current: !recent },
            { label: "Recent", route: { screen: "orders", view: "recent" }, current: recent },
          ]}
        />
        <LocationFilter known={known} value={location} onChange={setLocation} />
      </div>
      <KitchenNotes kitchen={live.kitchen} now={now} />
      {recent ? (
        <RecentOrders location={location} showLocation={multiLocation} />
      ) : (
        <ActiveOrders location={location} showLocation={multiLocation} onCancel={setCancelling} />
      )}
      <CancelDialog ticket={cancelling} onClose={() => setCancelling(null)} />
    </section>
  );
}
