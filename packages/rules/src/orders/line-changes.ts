/**
 * What a visitor reads when a line in their cart changed after they added it: one plain sentence per
 * line, composed here for the API service (which proposes the change) and the site (which also sees the
 * live catalog), so the same change reads the same wherever it is noticed.
 */
import { formatCents, type MoneyFormat } from "./money";

export type LineChange =
  | { kind: "sold_out"; item: string; size?: string }
  | { kind: "size_gone"; item: string; size?: string }
  | { kind: "modifier_gone"; item: string; modifier: string }
  | { kind: "choices_changed"; item: string }
  | { kind: "off_menu"; item: string }
  | { kind: "price_changed"; item: string; size?: string; beforeCents: number; afterCents: number };

/** accept: the service proposes the change and the visitor accepts it; remove: the visitor must remove the line. */
export type LineChangeThen = "accept" | "remove";

function named(item: string, size?: string): string {
  return size?.trim() ? `${item} (${size.trim()})` : item;
}

function what(change: LineChange, money: MoneyFormat): string {
  switch (change.kind) {
    case "sold_out":
      return `${named(change.item, change.size)} is sold out`;
    case "size_gone":
      return change.size?.trim() ? `${change.item} no longer comes in ${change.size.trim()}` : `${change.item} no longer comes in the size you chose`;
    case "modifier_gone":
      return `${change.modifier} is no longer available for ${change.item}`;
    case "choices_changed":
      return `The choices for ${change.item} have changed`;
    case "off_menu":
      return `${change.item} is no longer on the menu`;
    case "price_changed": {
      const format = { ...money, alwaysShowCents: true };
      return `${named(change.item, change.size)} now costs ${formatCents(change.afterCents, format)} each instead of ${formatCents(change.beforeCents, format)}`;
    }
  }
}

/** "Insalata Verde is sold out, so accepting removes it from your cart." */
export function lineChangeSentence(change: LineChange, then: LineChangeThen, money: MoneyFormat = {}): string {
  const consequence =
    change.kind === "price_changed"
      ? then === "accept"
        ? "; accepting keeps it at the new price."
        : "."
      : then === "accept"
        ? ", so accepting removes it from your cart."
        : ", so remove it to check out.";
  return `${what(change, money)}${consequence}`;
}
