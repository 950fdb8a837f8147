import { currencyDigits } from "@mainstreet/rules/orders/currency";
import { SITE_IMAGE_MAX_BYTES } from "@mainstreet/rules/api/site-images-api";

/**
 * The owner's voice for the fields of the menu, team and photo sections: one sentence that says what to
 * do, in place of the data contract's line for API clients (`expected a price in USD with at most 2
 * decimals, like 12.5 or "12.50", got "12.505"`). A message already in the owner's words is kept.
 */

const MAX_MB = SITE_IMAGE_MAX_BYTES / 1024 / 1024;

export const PHOTO_SENTENCES = {
  alt: "Describe the photo in a few words before placing it: people who cannot see it hear this instead.",
  tooLarge: `This photo is larger than ${MAX_MB} MB. Choose a smaller one, or send it to yourself at a smaller size first.`,
  format: "This file is not a photo the site can use. Choose a JPEG, PNG, WebP or AVIF photo (on an iPhone, set Camera › Formats to Most Compatible).",
  missing: "This photo is no longer stored. Choose it again.",
} as const;

/** The sentences of a service's length and the time after it (`durationMinutes`, `bufferMinutes`). */
export const MINUTES_SENTENCES = {
  length: "Enter the length in whole minutes, from 5 to 720, or leave it empty.",
  buffer: "Enter the time after in whole minutes, from 0 to 240, or leave it empty.",
  bufferNeedsLength: "Enter the length too: time after a service follows a service of known length.",
  whole: "Enter whole minutes as digits only, like 45.",
} as const;

export const PRICE_TEXT_SENTENCE = 'Enter the price text as words, like "from $45", or leave it empty.';

/** The sentence for a refused `bufferMinutes`, by the contract's words: out of range, or without a length. */
export const bufferSentence = (message: string): string => (/durationMinutes/.test(message) ? MINUTES_SENTENCES.bufferNeedsLength : MINUTES_SENTENCES.buffer);

function priceSentence(message: string, currency: string): string {
  const digits = currencyDigits(currency);
  if (/decimals|minor unit/.test(message)) {
    return digits === 0 ? `Enter the price in whole ${currency}, without decimals, like 1200.` : `Enter the price with at most ${digits} decimals, like 12.50.`;
  }
  if (/of at most/.test(message)) return "Enter a smaller price.";
  return digits === 0 ? "Enter the price as a number, like 1200." : "Enter the price as a number, like 12.50.";
}

/** The sentence for a refused field, by its path in the document (`menu.items[3].variations[0].price`). */
export function fieldSentence(path: string, message: string, currency = "USD"): string {
  if (!message.startsWith("expected")) return message;
  const field = /([A-Za-z]+)(?:\[\d+\])?$/.exec(path)?.[1] ?? "";
  if (field === "price") return priceSentence(message, currency);
  if (field === "alt") return PHOTO_SENTENCES.alt;
  if (field === "file") return /image file next to/.test(message) ? PHOTO_SENTENCES.missing : PHOTO_SENTENCES.format;
  if (field === "name") return "Enter a name.";
  if (field === "durationMinutes") return MINUTES_SENTENCES.length;
  if (field === "bufferMinutes") return bufferSentence(message);
  if (field === "priceDisplay") return PRICE_TEXT_SENTENCE;
  return `Check this field: it needs ${message.replace(/^expected /, "").replace(/, got .*$/s, "")}.`;
}
