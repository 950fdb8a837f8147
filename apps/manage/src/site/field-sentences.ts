import { parserWords } from "@mainstreet/rules/forms/field-sentences";
import { bufferSentence, MINUTES_SENTENCES, PRICE_TEXT_SENTENCE } from "./menu-sentences";
import { pathSegments } from "./paths";

/**
 * The owner's voice for a refused field of the draft. The service names each problem by path with the data
 * contract's words, written for data files (`expected a price in USD with at most 2 decimals, like 12.5 or
 * "12.50", got 65.123`); the owner reads one sentence that says what to do, at the field. As the site's forms
 * do (@mainstreet/rules/forms/field-sentences), a path whose words are the parser's gets its field's sentence;
 * the service's own sentences are shown as they are.
 */

const COLOUR = "Enter a colour as # and 6 letters or digits, like #b4235a, or leave it empty.";
const WEB_ADDRESS = "Enter a web address like https://example.com.";
/** A refusal of the document as a whole: nothing the owner typed in one field. */
const WHOLE_DOCUMENT = "The site's data could not be saved as it is. Reload the page and make the change again.";

/** By the last key of the path, then by the key before it where one key means two things. */
const SENTENCES: Record<string, string | ((segments: readonly (string | number)[], words: string) => string)> = {
  open: (segments) => (segments.includes("specialHours") ? "Enter the time it opens that day, or mark it closed all day." : "Enter the time it opens, like 9:00 AM, or mark the day closed."),
  close: (segments) => (segments.includes("specialHours") ? "Enter the time it closes that day, or mark it closed all day." : "Enter the time it closes, like 5:30 PM, or mark the day closed."),
  date: (_segments, words) => (/only once/.test(words) ? "This date is already closed all day in another entry: remove one of them." : "Choose a date."),
  price: (_segments, words) => {
    const decimals = /at most (\d+) decimals?/.exec(words)?.[1];
    if (decimals === "0") return "Enter the price as a whole number, like 1200.";
    return `Enter the price as a number with at most ${decimals ?? "2"} decimals, like 12.50.`;
  },
  email: "Enter an email address like name@example.com.",
  phone: "Enter a phone number with its area code, or from abroad with + and the country code.",
  phoneNumber: "Enter a phone number with its area code, or from abroad with + and the country code.",
  primaryColor: COLOUR,
  secondaryColor: COLOUR,
  accentColor: COLOUR,
  name: (segments) => (segments.length === 1 ? "Enter the business name." : "Enter a name."),
  title: "Enter a title.",
  text: "Write the announcement's text.",
  url: WEB_ADDRESS,
  link: WEB_ADDRESS,
  bookingUrl: WEB_ADDRESS,
  label: (segments) => (segments.includes("announcement") ? "Enter the link's text, or empty both link fields." : "Shorten the label or leave it empty."),
  startTime: "Choose the date and time it starts showing, or leave it empty.",
  endTime: (_segments, words) => (/after/.test(words) ? "Choose an end after the start." : "Choose the date and time it stops showing, or leave it empty."),
  timezone: "Choose a time zone.",
  delay: "Enter the seconds to wait before it shows, 0 or more.",
  duration: "Enter the seconds it stays, at least 1, or leave it empty.",
  referenceId: "Press Show it again to people who closed it.",
  alt: "Describe the photo for someone who cannot see it.",
  altText: "Describe the photo for someone who cannot see it.",
  description: "Shorten the description.",
  durationMinutes: MINUTES_SENTENCES.length,
  bufferMinutes: (_segments, words) => bufferSentence(words),
  priceDisplay: PRICE_TEXT_SENTENCE,
};

/** `expected a hex colour like "#b4235a", got "red"` → `Enter a hex colour like "#b4235a".` */
function fromParserWords(words: string): string {
  const what = words
    .replace(/^expected\s+/i, "")
    .replace(/, got [\s\S]*$/, "")
    .replace(/ as non-empty text\b/, "")
    .trim();
  return what ? `Enter ${what}.` : "Check this value.";
}

/** The sentence an owner reads at a refused field of the draft. */
function siteFieldSentence(path: string, message: string): string {
  const words = message.trim();
  if (words !== "" && !parserWords(words)) {
    const capital = words.charAt(0).toUpperCase() + words.slice(1);
    return /[.!?]$/.test(capital) ? capital : `${capital}.`;
  }
  if (path === "") return WHOLE_DOCUMENT;
  const segments = pathSegments(path);
  const key = [...segments].reverse().find((segment): segment is string => typeof segment === "string");
  const sentence = key === undefined ? undefined : SENTENCES[key];
  if (typeof sentence === "function") return sentence(segments, words);
  return sentence ?? fromParserWords(words);
}

export interface RefusedField {
  /** The path inside the document (`menu.items[3].variations[0].price`); "" for the document as a whole. */
  path: string;
  sentence: string;
}

/** The refused fields of a 422 to `PUT manage/site/`: its `detail` paths without the body's `data.`. */
export function refusedFields(body: unknown): RefusedField[] {
  const detail = body !== null && typeof body === "object" ? (body as { detail?: unknown }).detail : undefined;
  if (!Array.isArray(detail)) return [];
  const fields: RefusedField[] = [];
  for (const issue of detail as unknown[]) {
    const { path, message } = issue !== null && typeof issue === "object" ? (issue as { path?: unknown; message?: unknown }) : {};
    if (typeof path !== "string") continue;
    const inside = path === "data" ? "" : path.replace(/^data\.?/, "");
    if (fields.some((field) => field.path === inside)) continue;
    fields.push({ path: inside, sentence: siteFieldSentence(inside, typeof message === "string" ? message : "") });
  }
  return fields;
}
