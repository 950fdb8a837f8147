/**
 * Samples in another currency and locale: a data file with "currency": "JPY" and "locale": "ja-JP" must
 * build with prices like ¥1,200 and 24-hour times. Each is a committed sample with its
 * currency, locale and prices changed, written outside the repository's data/ and built by the browser
 * tests (scripts/e2e.mjs runs e2e/locale.e2e.ts on it), so no fourth sample has to be kept by hand.
 *
 *   npx tsx scripts/locale-sample.ts restaurant-ja-JP      # prints the data file it wrote
 */
import fs from "node:fs";
import path from "node:path";
import { currencyDigits, decimalAmount, parsePriceToCents } from "@mainstreet/rules/orders/money";

export interface LocaleSample {
  /** The committed sample it is made from (data/<from>/business.json, priced in USD). */
  from: string;
  currency: string;
  locale: string;
  /** Units of the new currency one dollar becomes: 100 makes $12.50 into ¥1,250. */
  perDollar: number;
}

type Json = Record<string, unknown>;
const ROOT = path.resolve(__dirname, "..");

/** The samples, by name (scripts/locale-samples.json, which scripts/e2e.mjs reads too). */
export const LOCALE_SAMPLES: Record<string, LocaleSample> = Object.fromEntries(
  Object.entries(JSON.parse(fs.readFileSync(path.join(ROOT, "scripts", "locale-samples.json"), "utf8")) as Record<string, LocaleSample | string>).filter(
    (entry): entry is [string, LocaleSample] => !entry[0].startsWith("$"),
  ),
);

/** A dollar price as written in a data file, in the sample's currency, written the way a merchant would. */
function convert(price: unknown, sample: LocaleSample, where: string): number | string {
  const cents = parsePriceToCents(price, "USD");
  if (cents === null) throw new Error(`${where}: expected a dollar price like 12.5 or "12.50", got ${JSON.stringify(price)}`);
  const digits = currencyDigits(sample.currency);
  const minor = Math.round(((cents * sample.perDollar) / 100) * 10 ** digits);
  return digits === 0 ? minor : decimalAmount(minor, sample.currency);
}

/** The business document in the sample's currency and locale: every price converted, nothing else touched. */
function localeVariant(document: Json, sample: LocaleSample): Json {
  const copy = structuredClone(document) as Json & { menu?: Json; locations?: Json[]; ordering?: Json };
  copy.locale = sample.locale;
  copy.ordering = { ...(copy.ordering ?? {}), currency: sample.currency };
  const menu = (copy.menu ?? {}) as { items?: Json[]; modifiers?: Json[] };
  (menu.items ?? []).forEach((item, itemIndex) =>
    ((item.variations as Json[] | undefined) ?? []).forEach((variation, index) => {
      variation.price = convert(variation.price, sample, `menu.items[${itemIndex}].variations[${index}].price`);
    }),
  );
  (menu.modifiers ?? []).forEach((modifier, index) => {
    if (modifier.price !== undefined) modifier.price = convert(modifier.price, sample, `menu.modifiers[${index}].price`);
  });
  (copy.locations ?? []).forEach((location, index) => {
    const delivery = location.delivery as Json | undefined;
    if (!delivery) return;
    for (const key of ["fee", "minimum"] as const) {
      if (delivery[key] !== undefined) delivery[key] = convert(delivery[key], sample, `locations[${index}].delivery.${key}`);
    }
  });
  return copy;
}

/** Writes the sample (its data file and a copy of the source's images) under `dir`; returns the data file. */
export function writeLocaleSample(name: string, dir: string = path.join(ROOT, ".mainstreet", "e2e-sites", name)): string {
  const sample = LOCALE_SAMPLES[name];
  if (!sample) throw new Error(`locale sample: expected one of ${Object.keys(LOCALE_SAMPLES).join(", ")}, got ${JSON.stringify(name)}`);
  const source = path.join(ROOT, "data", sample.from);
  const document = JSON.parse(fs.readFileSync(path.join(source, "business.json"), "utf8")) as Json;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "business.json");
  fs.writeFileSync(file, `${JSON.stringify(localeVariant(document, sample), null, 2)}\n`);
  fs.cpSync(path.join(source, "images"), path.join(dir, "images"), { recursive: true });
  return file;
}

if (require.main === module) {
  try {
    process.stdout.write(`${writeLocaleSample(process.argv[2] ?? "")}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
