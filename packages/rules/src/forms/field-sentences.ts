/**
 * The visitor's voice for a field that needs fixing: one plain sentence that says what to do, declared once
 * for every site form (contact, review, newsletter, job application, reservation, the booking's details and
 * checkout), for the form's own checks and for the service's refusals alike. The service names fields by
 * path for data files and API clients (`body.contact_email: expected an email address like …, got "ada@example"`);
 * a form maps a refused path to its field and shows that field's sentence here, never the path's text.
 *
 * Keys are field names as the forms hold them, and beside them the problems a field can have that its own
 * sentence does not cover (an expired card is not fixed by entering an expiry date).
 */
export const SENTENCES = {
  name: "Enter your name.",
  firstName: "Enter your first name.",
  lastName: "Enter your last name.",
  email: "Enter an email address like name@example.com.",
  phone: "Enter a phone number with its area code, or from abroad with + and the country code.",
  subject: "Shorten the subject to 200 characters or fewer.",
  message: "Enter your message.",
  text: "Write a few words about your visit.",
  rating: "Choose a rating from 1 to 5 stars.",
  optIn: "Tick the box to agree to receive our emails.",
  role: "Enter the role you are applying for, in 100 characters or fewer.",
  locationId: "Choose a location.",
  date: "Choose a date.",
  start: "Choose a time.",
  partySize: "Enter the number of guests, from 1 to 50.",
  serviceId: "Choose a service.",
  teamMemberId: "Choose who you would like to see, or anyone available.",
  notes: "Shorten the note to 1,000 characters or fewer.",
  fulfillment: "Choose pickup or delivery.",
  street: "Enter the street address, like 1200 Frankford Ave.",
  unit: "Enter the apartment, suite or unit, or leave it empty.",
  city: "Enter the city.",
  state: "Enter the state.",
  postalCode: "Enter the postal code of the delivery address.",
  country: "Enter an address in the country this location delivers to.",
  when: "Choose as soon as possible or a later time.",
  scheduledFor: "Choose a day and a time for your order.",
  tip: "Choose a tip, or no tip.",
  tipAmount: "Enter the tip as an amount, like the prices on the menu.",
  instructions: "Shorten the instructions to 1,000 characters or fewer.",
  cardNumber: "Enter the card number.",
  cardExpiry: "Enter the card's expiry date, like 08/29.",
  cardCvc: "Enter the security code: the 3 or 4 digits on the card.",
  // Problems beyond an empty or unreadable field:
  asapUnavailable: "As soon as possible is not available now: choose a day and a time.",
  deliveryMinimum: "Add more to your order to reach the delivery minimum, or choose pickup.",
  tipTooLarge: "Enter a smaller tip.",
  cardTypo: "Check the card number: a digit is wrong or missing.",
  cardTestOnly: "This shop is in test mode and takes test cards only: use the test card shown above.",
  cardExpired: "This card has expired: use another card.",
} as const;

export type SentenceKey = keyof typeof SENTENCES;

/** Said when the service refuses something no field of the form holds, or names no field at all. */
export const GENERAL_REFUSAL = "We could not send this as it is. Check what you entered and try again.";

export const isSentenceKey = (key: string): key is SentenceKey => Object.hasOwn(SENTENCES, key);

/** The sentence for each field with a problem. */
export function sentencesFor<F extends string>(problems: Partial<Record<F, SentenceKey>>): Partial<Record<F, string>> {
  const sentences: Partial<Record<F, string>> = {};
  for (const [field, key] of Object.entries(problems) as [F, SentenceKey][]) sentences[field] = SENTENCES[key];
  return sentences;
}

/** `body.contact_email`, `event_data.fieldValues.email`, `customer.phone`: a path as the service writes one, then ": ". */
const PATH_PREFIX = /^([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*|\[\d+\])*): (.*)$/s;

/** True when a message starts with a field path: a reply written for API clients, not for visitors. */
export const namesPath = (message: string): boolean => PATH_PREFIX.test(message);

/**
 * The data-file voice (`expected an email address like …, got "ada@example"`, `unexpected field "x"`): a
 * parser's words for an API client. The service's other refusals are sentences for people ("Vela Fishtown
 * does not deliver to 10001", "Today at 3:15pm is too soon: …") and are shown as they are.
 */
export const parserWords = (message: string): boolean => /^(?:expected|unexpected)\b|, got /i.test(message.trim());

export interface RefusedIssue {
  path: string;
  message: string;
}

/** The fields a refusal names, with its words for each: its `detail` list, and the path its message starts with. */
export function refusedIssues(body: unknown): RefusedIssue[] {
  const record = body !== null && typeof body === "object" ? (body as { message?: unknown; detail?: unknown }) : {};
  const issues: RefusedIssue[] = [];
  if (Array.isArray(record.detail)) {
    for (const issue of record.detail as unknown[]) {
      const { path, message } = issue !== null && typeof issue === "object" ? (issue as { path?: unknown; message?: unknown }) : {};
      if (typeof path === "string") issues.push({ path, message: typeof message === "string" ? message : "" });
    }
  }
  const match = typeof record.message === "string" ? PATH_PREFIX.exec(record.message) : null;
  if (match && !issues.some((issue) => issue.path === match[1])) issues.push({ path: match[1], message: match[2] });
  return issues;
}

/**
 * What a visitor reads at a refused field: the field's sentence when the service's words are a parser's
 * (or none), else the service's own sentence.
 */
export function refusedFieldSentence(field: string, message: string): string {
  const words = message.trim();
  if (words === "" || parserWords(words)) return isSentenceKey(field) ? SENTENCES[field] : GENERAL_REFUSAL;
  const capital = words.charAt(0).toUpperCase() + words.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

export interface FieldRefusal<F extends string> {
  /** The sentence at each refused field the form shows. */
  fields: Partial<Record<F, string>>;
  /** The form's own line: the general sentence when a refused path is no field of the form, else null. */
  message: string | null;
}

/**
 * What a form shows for a refusal of the service: a sentence at each refused field it shows (`paths` maps
 * a service path to the form's field), and the general sentence for a refused path it does not show. A
 * refusal that names no path is in the service's own plain words: null, and the form shows its message.
 */
export function refusalSentences<F extends string>(body: unknown, paths: Readonly<Record<string, F>>): FieldRefusal<F> | null {
  const issues = refusedIssues(body);
  if (issues.length === 0) return null;
  const fields: Partial<Record<F, string>> = {};
  let other = false;
  for (const { path, message } of issues) {
    // A form may name a body field without the `body.` the service's parser puts before it.
    const field = paths[path] ?? paths[path.replace(/^body\./, "")];
    if (field === undefined) other = true;
    else fields[field] ??= refusedFieldSentence(field, message);
  }
  return { fields, message: other ? GENERAL_REFUSAL : null };
}
