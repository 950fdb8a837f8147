import React, { useId, useState } from "react";
import type { OrderTicket } from "@mainstreet/rules/api/manage-api";
import { ActionButton, ErrorText } from "../components/ui";
import { formatAgo, formatMoney, formatTime, formatWhen } from "../format";
import { customerName } from "../people";
import { nextMove, STATUS_LABEL } from "./queue";

type Address = NonNullable<OrderTicket["fulfillment"]["address"]>;

function addressLines(address: Address): string[] {
  const street = [address.street_address, address.extended_address].filter(Boolean).join(", ");
  const town = [address.locality, [address.administrative_area_level_1, address.postal_code].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [street, town].filter(Boolean);
}

/** When the order is due, on the location's clock: `Ready by 6:30 PM`, `Deliver 6:30 PM – 7:00 PM`. */
function promiseLine(ticket: OrderTicket, now: number): string {
  const zone = ticket.location.time_zone;
  const at = ticket.promised_at ?? ticket.scheduled_for;
  if (!at) return ticket.fulfillment.method === "delivery" ? "Delivery as soon as possible" : "Pickup as soon as possible";
  const when = formatWhen(at, zone, now);
  if (ticket.fulfillment.method === "delivery") {
    // A range names its zone once, after its end.
    return ticket.promised_until && ticket.promised_until !== at ? `Deliver ${formatWhen(at, zone, now, { named: false })} – ${formatTime(ticket.promised_until, zone)}` : `Deliver by ${when}`;
  }
  return `Ready for pickup by ${when}`;
}

/** Minutes past the promise while the order is not ready yet; 0 when on time. */
function minutesLate(ticket: OrderTicket, now: number): number {
  if (!ticket.promised_at || (ticket.status !== "placed" && ticket.status !== "accepted")) return 0;
  return Math.max(0, Math.floor((now - new Date(ticket.promised_at).getTime()) / 60_000));
}

export interface TicketProps {
  ticket: OrderTicket;
  now: number;
  /** Came in while the workspace was open and is not accepted yet. */
  arrived: boolean;
  /** Whether to show which location it is for (the business has several). */
  showLocation: boolean;
  onAdvance?: (ticket: OrderTicket, status: OrderTicket["status"]) => Promise<void>;
  onCancel?: (ticket: OrderTicket) => void;
}

export function Ticket({ ticket, now, arrived, showLocation, onAdvance, onCancel }: TicketProps) {
  const titleId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const next = nextMove(ticket.status);
  const late = minutesLate(ticket, now);
  const { customer, fulfillment } = ticket;
  const classes = ["ticket", `ticket--${ticket.status}`, arrived ? "ticket--arrived" : "", late > 0 ? "ticket--late" : ""].filter(Boolean).join(" ");
  return (
    <article className={classes} aria-labelledby={titleId}>
      <header className="ticket__header">
        <h2 id={titleId} className="ticket__title">
          Order {ticket.number}
        </h2>
        <span className={`badge badge--${ticket.status}`}>{STATUS_LABEL[ticket.status]}</span>
      </header>
      <p className="ticket__promise">
        <strong>{promiseLine(ticket, now)}</strong>
        {ticket.scheduled_for ? <span className="tag">Scheduled</span> : null}
        {late > 0 ? <span className="tag tag--late">Late by {late} min</span> : null}
      </p>
      <p className="ticket__meta">
        {fulfillment.method === "delivery" ? "Delivery" : "Pickup"}
        {showLocation ? ` · ${ticket.location.name ?? ticket.location.id}` : ""} · placed {formatAgo(ticket.placed_at, now)} ({formatTime(ticket.placed_at, ticket.location.time_zone)})
      </p>
      <ul className="ticket__lines">
        {ticket.lines.map((line) => (
          <li key={line.id} className="line">
            <span className="line__quantity">{line.quantity} ×</span>{" "}
            <span className="line__name">
              {line.item_name}
              {line.variation_name ? <span className="line__variation"> ({line.variation_name})</span> : null}
            </span>
            {line.modifiers.length > 0 ? (
              <ul className="line__modifiers">
                {line.modifiers.map((modifier, index) => (
                  <li key={`${modifier.name}-${index}`}>{modifier.name}</li>
                ))}
              </ul>
            ) : null}
            {line.special_instructions ? <p className="line__note">Note: “{line.special_instructions}”</p> : null}
          </li>
        ))}
      </ul>
      {ticket.instructions ? <p className="ticket__instructions">Order instructions: “{ticket.instructions}”</p> : null}
      <dl className="ticket__customer">
        <div>
          <dt>Customer</dt>
          <dd>{customerName(customer.first_name, customer.last_name)}</dd>
        </div>
        {customer.phone ? (
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${customer.phone.replace(/[^\d+]/g, "")}`}>{customer.phone}</a>
            </dd>
          </div>
        ) : null}
        {customer.email ? (
          <div>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${customer.email}`}>{customer.email}</a>
            </dd>
          </div>
        ) : null}
        {fulfillment.method === "delivery" && fulfillment.address ? (
          <div>
            <dt>Deliver to</dt>
            <dd>
              {addressLines(fulfillment.address).map((line) => (
                <span key={line} className="ticket__address-line">
                  {line}
                </span>
              ))}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Total</dt>
          <dd>{formatMoney(ticket.totals.total_cents, ticket.currency)}</dd>
        </div>
      </dl>
      {ticket.status === "cancelled" && ticket.cancel_reason ? <p className="ticket__reason">Cancelled: {ticket.cancel_reason}</p> : null}
      {onAdvance && onCancel && next ? (
        <div className="ticket__actions">
          <ActionButton
            className="button button--primary button--large"
            busyLabel="Saving…"
            describedBy={error ? errorId : undefined}
            onAction={() => onAdvance(ticket, next.status)}
            onError={setError}
          >
            {next.label}
            <span className="visually-hidden"> order {ticket.number}</span>
          </ActionButton>
          <button type="button" className="button button--large" onClick={() => onCancel(ticket)}>
            Cancel<span className="visually-hidden"> order {ticket.number}</span>
          </button>
        </div>
      ) : null}
      <ErrorText message={error} id={errorId} />
    </article>
  );
}
