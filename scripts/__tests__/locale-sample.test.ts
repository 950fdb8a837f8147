import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadBusinessFile } from "@mainstreet/rules/business/load";
import { dailyRows } from "@mainstreet/rules/hours/hours-format";
import { formatCents } from "@mainstreet/rules/orders/money";
import { planPages } from "@mainstreet/rules/site/page-plan";
import { LOCALE_SAMPLES, writeLocaleSample } from "../locale-sample";

// The locale samples the browser tests build (the restaurant in yen, for ja-JP) are valid data
// files, priced in whole yen, with the same pages as the sample they come from.
const load = (file: string) => {
  const result = loadBusinessFile(file);
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.business;
};

describe.each(Object.entries(LOCALE_SAMPLES))("locale sample %s", (name, sample) => {
  let dir: string;
  let file: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `mainstreet-${name}-`));
    file = writeLocaleSample(name, dir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("is a valid data file in its currency and locale, with every price converted", () => {
    const original = load(`data/${sample.from}/business.json`);
    const variant = load(file);
    expect([variant.ordering.currency, variant.locale]).toEqual([sample.currency, sample.locale]);
    const prices = (business: typeof variant) => business.menu.items.flatMap((item) => item.variations.map((variation) => variation.priceCents));
    // 100 yen to the dollar: $12.50 (1250 cents) is ¥1,250, stored as 1250.
    expect(prices(variant)).toEqual(prices(original).map((cents) => (cents * sample.perDollar) / 100));
    expect(variant.menu.modifiers.map((modifier) => modifier.priceCents)).toEqual(original.menu.modifiers.map((modifier) => (modifier.priceCents * sample.perDollar) / 100));
    expect(planPages(variant).pages.map((page) => page.path)).toEqual(planPages(original).pages.map((page) => page.path));
  });

  it("reads like ¥1,200 and on a 24-hour clock", () => {
    const variant = load(file);
    const written = JSON.parse(fs.readFileSync(file, "utf8")) as { menu: { items: { variations: { price: unknown }[] }[] } };
    expect(written.menu.items.flatMap((item) => item.variations.map((variation) => variation.price)).every(Number.isInteger)).toBe(true);
    expect(formatCents(1200, { currency: variant.ordering.currency, locale: variant.locale })).toBe("￥1,200");
    const evening = dailyRows(variant.locations[0].hours, { locale: variant.locale }).map((row) => row.text).join(" ");
    expect(evening).toMatch(/\b(1[3-9]|2[0-3]):\d\d\b/);
    expect(evening).not.toMatch(/am|pm/);
  });
});
