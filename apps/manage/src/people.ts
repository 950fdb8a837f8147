/**
 * How the workspace names the people who wrote, booked, ordered or reviewed: the name they gave, else
 * "A guest" (forms let a reviewer stay anonymous, and an imported or older record may carry no name), so
 * no heading or button ever reads "on Vela Fishtown" or "Approve the review by".
 */

const GUEST = "A guest";

/** The name as given, trimmed; "A guest" at the start of a sentence, "a guest" within one. */
export function personName(name: string | null | undefined, within = false): string {
  const given = name?.trim();
  if (given) return given;
  return within ? GUEST.toLowerCase() : GUEST;
}

/** A customer's first and last name together, or "A guest". */
export function customerName(first: string | null | undefined, last: string | null | undefined, within = false): string {
  return personName([first?.trim(), last?.trim()].filter(Boolean).join(" "), within);
}

/** Whether a person gave a name at all. */
export function hasName(name: string | null | undefined): boolean {
  return Boolean(name?.trim());
}
