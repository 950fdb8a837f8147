import React from "react";
import { lineDescription } from "@mainstreet/rules/orders/order-line";
import type { OrderView } from "@mainstreet/rules/api/order-api";
import { useMoney } from "../hooks/use-money";

/** The lines of an order as the checkout and the confirmation list them: quantity × name, choices, note, price. */
export function OrderLines({ order }: { order: Pick<OrderView, "line_items" | "currency"> }) {
  const money = useMoney();
  return (
    <ul className="cart-lines cart-lines--summary">
      {order.line_items.map((line) => (
        <li key={line.id} className="cart-line">
          <div className="cart-line__text">
            <p className="cart-line__name">
              {line.quantity} × {line.name}
            </p>
            {lineDescription(line) ? <p className="cart-line__details">{lineDescription(line)}</p> : null}
            {line.special_instructions ? <p className="cart-line__details">“{line.special_instructions}”</p> : null}
          </div>
          <p className="cart-line__price">{money(line.total_price_cents, order.currency)}</p>
        </li>
      ))}
    </ul>
  );
}
