/**
 * The card form of the `test` payment provider (PAYMENT_PROVIDER=test, docs/orders.md). A real
 * processor's hosted fields turn a card into a token inside the processor's own frame; the test
 * provider has no frame, so this module plays that part: it checks the card the way such a form does
 * (number by the Luhn rule, expiry not past, security code length) and maps the published test card
 * numbers to the provider's test tokens. The card itself never leaves the browser; only the token does.
 */
import { wallClock } from "../hours/wall-clock";
import type { SentenceKey } from "../forms/field-sentences";

export interface TestCard {
  number: string;
  token: string;
  brand: string;
  outcome: string;
}

/** Card numbers follow the conventions processors use for their test modes. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: "4242424242424242", token: "tok_test_visa", brand: "Visa", outcome: "approved" },
  { number: "5555555555554444", token: "tok_test_mastercard", brand: "Mastercard", outcome: "approved" },
  { number: "4000000000000002", token: "tok_test_declined", brand: "Visa", outcome: "declined" },
  { number: "4000000000009995", token: "tok_test_insufficient_funds", brand: "Visa", outcome: "declined for insufficient funds" },
  { number: "4000000000000119", token: "tok_test_network_error", brand: "Visa", outcome: "processor unreachable (try again)" },
  { number: "4000000000000341", token: "tok_test_capture_declined", brand: "Visa", outcome: "authorised, then not collected (the order reopens)" },
];

export const TEST_PROVIDER_ID = "test";

export interface CardInput {
  number: string;
  /** MM/YY or MM/YYYY. */
  expiry: string;
  cvc: string;
}

export type CardField = "cardNumber" | "cardExpiry" | "cardCvc";
/** A card field's problem: the key of the sentence the visitor reads (forms/field-sentences.ts). */
export type CardProblem = Extract<SentenceKey, CardField | "cardTypo" | "cardTestOnly" | "cardExpired">;
export type CardResult = { ok: true; token: string; brand: string; last4: string } | { ok: false; errors: Partial<Record<CardField, CardProblem>> };

export function digitsOnly(text: string): string {
  return (text ?? "").replace(/[\s-]/g, "");
}

/** The card the test-mode notice suggests: the first that is approved and captured. */
export const SUGGESTED_TEST_CARD: TestCard = TEST_CARDS[0];

/** "4242 4242 4242 4242": groups of four as the visitor types. */
export function formatCardNumber(text: string): string {
  return digitsOnly(text)
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * "12/30" as the visitor types "1230": the month and year split by a slash once there are more than two
 * digits (so deleting back through the slash works), a slash the visitor typed kept where they put it
 * ("1/30" is January), a first digit from 2 to 9 read as that month ("630" is 06/30), at most two month
 * digits and four year digits.
 */
export function formatCardExpiry(text: string): string {
  const value = text ?? "";
  const slash = value.indexOf("/");
  if (slash >= 0) {
    const month = value.slice(0, slash).replace(/\D/g, "").slice(0, 2);
    const year = value.slice(slash + 1).replace(/\D/g, "").slice(0, 4);
    if (month === "") return year;
    return `${month.length === 1 && year !== "" ? `0${month}` : month}/${year}`;
  }
  const typed = value.replace(/\D/g, "");
  // A first digit of 2 to 9 can only be a month on its own: "630" is 06/30.
  const digits = (/^[2-9]/.test(typed) ? `0${typed}` : typed).slice(0, 6);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const EXPIRY_PATTERN = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/;

/**
 * A card is good through the last day of its expiry month, in the visitor's own zone: null, or the expiry
 * to enter again (missing, unreadable, no such month) or the card expired.
 */
export function expiryProblem(expiry: string, now: Date | number, zone = "UTC"): "cardExpiry" | "cardExpired" | null {
  const match = EXPIRY_PATTERN.exec(expiry ?? "");
  if (!match) return "cardExpiry";
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return "cardExpiry";
  // Good through its month's last day: expired once the visitor's own calendar is past that month.
  const today = wallClock(now, zone).date;
  const [thisYear, thisMonth] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  if (year < thisYear || (year === thisYear && month < thisMonth)) return "cardExpired";
  return null;
}

/** The token for a test card, or the problem of each field that is wrong. */
export function tokenizeTestCard(card: CardInput, now: Date | number, zone = "UTC"): CardResult {
  const errors: Partial<Record<CardField, CardProblem>> = {};
  const number = digitsOnly(card.number);
  if (number === "") errors.cardNumber = "cardNumber";
  else if (!passesLuhn(number)) errors.cardNumber = "cardTypo";
  const expiry = expiryProblem(card.expiry, now, zone);
  if (expiry) errors.cardExpiry = expiry;
  if (!/^\d{3,4}$/.test((card.cvc ?? "").trim())) errors.cardCvc = "cardCvc";
  const testCard = TEST_CARDS.find((candidate) => candidate.number === number);
  if (!errors.cardNumber && !testCard) errors.cardNumber = "cardTestOnly";
  if (Object.keys(errors).length > 0 || !testCard) return { ok: false, errors };
  return { ok: true, token: testCard.token, brand: testCard.brand, last4: number.slice(-4) };
}
