import { lineChangeSentence, type LineChange, type LineChangeThen } from "../line-changes";

describe("lineChangeSentence", () => {
  it.each<[string, LineChange, LineChangeThen, string]>([
    ["sold out, proposed by the service", { kind: "sold_out", item: "Insalata Verde", size: "" }, "accept", "Insalata Verde is sold out, so accepting removes it from your cart."],
    ["a size sold out, seen in the live menu", { kind: "sold_out", item: "Pizza", size: "12-inch" }, "remove", "Pizza (12-inch) is sold out, so remove it to check out."],
    ["size gone", { kind: "size_gone", item: "Pizza", size: "12-inch" }, "accept", "Pizza no longer comes in 12-inch, so accepting removes it from your cart."],
    ["size gone without a name", { kind: "size_gone", item: "Pizza", size: " " }, "remove", "Pizza no longer comes in the size you chose, so remove it to check out."],
    ["modifier gone", { kind: "modifier_gone", item: "Pizza", modifier: "Nduja" }, "accept", "Nduja is no longer available for Pizza, so accepting removes it from your cart."],
    ["choices changed", { kind: "choices_changed", item: "Pizza" }, "accept", "The choices for Pizza have changed, so accepting removes it from your cart."],
    ["off the menu", { kind: "off_menu", item: "Pizza" }, "remove", "Pizza is no longer on the menu, so remove it to check out."],
    ["price changed", { kind: "price_changed", item: "Pizza", size: "12-inch", beforeCents: 1900, afterCents: 2100 }, "accept", "Pizza (12-inch) now costs $21.00 each instead of $19.00; accepting keeps it at the new price."],
    ["price changed, nothing to accept", { kind: "price_changed", item: "Pizza", beforeCents: 1900, afterCents: 1850 }, "remove", "Pizza now costs $18.50 each instead of $19.00."],
  ])("%s", (_label, change, then, sentence) => {
    expect(lineChangeSentence(change, then)).toBe(sentence);
  });

  it("writes prices in the business's currency and locale", () => {
    expect(lineChangeSentence({ kind: "price_changed", item: "Ramen", beforeCents: 1200, afterCents: 1300 }, "accept", { currency: "JPY", locale: "en-US" })).toBe(
      "Ramen now costs ¥1,300 each instead of ¥1,200; accepting keeps it at the new price.",
    );
  });

  it("never nests one message in another", () => {
    const sentence = lineChangeSentence({ kind: "sold_out", item: "Insalata Verde", size: "" }, "accept");
    expect(sentence).not.toMatch(/\(|can no longer be ordered/);
    expect(sentence.match(/\./g)).toHaveLength(1);
  });
});
