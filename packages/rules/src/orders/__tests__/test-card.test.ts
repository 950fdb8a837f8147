import { SUGGESTED_TEST_CARD, TEST_CARDS, expiryProblem, formatCardExpiry, formatCardNumber, passesLuhn, tokenizeTestCard } from "../test-card";

const NOW = Date.UTC(2030, 5, 15, 12);

describe("passesLuhn", () => {
  it.each<[string, boolean]>([
    ["4242424242424242", true],
    ["4242424242424241", false],
    ["5555555555554444", true],
    ["4000000000000002", true],
    ["4000000000009995", true],
    ["4000000000000119", true],
    ["42", false],
    ["4242 4242 4242 4242", false],
  ])("%s → %s", (number, expected) => {
    expect(passesLuhn(number)).toBe(expected);
  });

  it("holds for every published test card", () => {
    for (const card of TEST_CARDS) expect(passesLuhn(card.number)).toBe(true);
  });
});

describe("formatCardNumber", () => {
  it.each<[string, string]>([
    ["4242424242424242", "4242 4242 4242 4242"],
    ["4242-4242", "4242 4242"],
    ["42a42", "4242"],
    ["", ""],
  ])("%j → %j", (input, output) => {
    expect(formatCardNumber(input)).toBe(output);
  });
});

describe("formatCardExpiry (as the visitor types)", () => {
  it.each<[string, string]>([
    ["1230", "12/30"],
    ["1", "1"],
    ["12", "12"],
    ["123", "12/3"],
    ["12/", "12/"],
    ["12/3", "12/3"],
    ["1/30", "01/30"],
    ["1/", "1/"],
    ["12 / 2030", "12/2030"],
    ["122030", "12/2030"],
    ["12/20301", "12/2030"],
    ["ab12cd30", "12/30"],
    ["630", "06/30"],
    ["6", "06"],
    ["0", "0"],
    ["/30", "30"],
    ["", ""],
  ])("%j → %j", (typed, shown) => {
    expect(formatCardExpiry(typed)).toBe(shown);
  });

  it("lets the visitor delete back through the slash", () => {
    // "12/3", backspace, backspace: each step shows what was left, never a slash put back.
    expect(formatCardExpiry("12/")).toBe("12/");
    expect(formatCardExpiry("12")).toBe("12");
    expect(formatCardExpiry("1")).toBe("1");
  });

  it("formats into what expiryProblem accepts", () => {
    expect(expiryProblem(formatCardExpiry("1230"), NOW)).toBeNull();
    expect(expiryProblem(formatCardExpiry("630"), NOW)).toBeNull();
  });
});

describe("the suggested test card", () => {
  it("is a card the test processor approves and captures", () => {
    expect(SUGGESTED_TEST_CARD).toMatchObject({ number: "4242424242424242", token: "tok_test_visa", outcome: "approved" });
  });
});

describe("expiryProblem", () => {
  it.each<[string, string | null]>([
    ["06/30", null],
    ["6/2030", null],
    ["12/31", null],
    ["05/30", "cardExpired"],
    ["13/30", "cardExpiry"],
    ["0630", "cardExpiry"],
    ["", "cardExpiry"],
  ])("%s on 2030-06-15 → %s", (expiry, problem) => {
    expect(expiryProblem(expiry, NOW)).toBe(problem);
  });

  it("counts the last day of the month in the visitor's zone", () => {
    const lastEveningInLosAngeles = Date.UTC(2030, 6, 1, 5);
    expect(expiryProblem("06/30", lastEveningInLosAngeles, "America/Los_Angeles")).toBeNull();
    expect(expiryProblem("06/30", lastEveningInLosAngeles, "UTC")).toBe("cardExpired");
  });
});

describe("tokenizeTestCard", () => {
  it.each(TEST_CARDS.map((card) => [card.number, card.token] as const))("%s → %s", (number, token) => {
    const result = tokenizeTestCard({ number: formatCardNumber(number), expiry: "12/31", cvc: "123" }, NOW);
    expect(result).toEqual({ ok: true, token, brand: expect.any(String), last4: number.slice(-4) });
  });

  it.each<[string, { number: string; expiry: string; cvc: string }, Record<string, string>]>([
    ["a real card", { number: "4111111111111111", expiry: "12/31", cvc: "123" }, { cardNumber: "cardTestOnly" }],
    ["a mistyped number (the checksum fails)", { number: "4242424242424241", expiry: "12/31", cvc: "123" }, { cardNumber: "cardTypo" }],
    ["too few digits", { number: "4242 4242", expiry: "12/31", cvc: "123" }, { cardNumber: "cardTypo" }],
    ["letters", { number: "4242 42x2 4242 4242", expiry: "12/31", cvc: "123" }, { cardNumber: "cardTypo" }],
    ["a short security code", { number: "4242424242424242", expiry: "12/31", cvc: "12" }, { cardCvc: "cardCvc" }],
    ["an expired card", { number: "4242424242424242", expiry: "05/30", cvc: "123" }, { cardExpiry: "cardExpired" }],
    ["everything missing", { number: "", expiry: "", cvc: "" }, { cardNumber: "cardNumber", cardExpiry: "cardExpiry", cardCvc: "cardCvc" }],
  ])("%s", (_label, card, errors) => {
    expect(tokenizeTestCard(card, NOW)).toEqual({ ok: false, errors });
  });
});
