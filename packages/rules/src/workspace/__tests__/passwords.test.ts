import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from "../passwords";

describe("passwordProblem (merchant passwords, NIST SP 800-63B)", () => {
  it.each<[string, string, { email?: string; businessName?: string }, RegExp | null]>([
    ["a passphrase", "copper kettle on the hob", {}, null],
    ["twelve mixed characters", "Tr0ub4dor&3x", {}, null],
    ["exactly twelve characters", "kettle-hob-7", {}, null],
    ["eleven characters", "kettle-hob7", {}, /^Use at least 12 characters \(this one has 11\)/],
    ["empty", "", {}, /at least 12 characters \(this one has 0\)/],
    ["emoji count as one character each", "🍕🍕🍕🍕🍕🍕🍕🍕🍕🍕🍕", {}, /this one has 11/],
    ["only spaces", " ".repeat(14), {}, /only spaces/],
    ["one character repeated", "aaaaaaaaaaaaaa", {}, /repeats one or two characters/],
    ["two characters alternating", "abababababab", {}, /repeats one or two characters/],
    ["a common password", "password1234", {}, /most common passwords/],
    ["a common password in capitals", "PASSWORD1234", {}, /most common passwords/],
    ["digits in a row", "123456789012", {}, /most common|run of keys/],
    ["the alphabet", "abcdefghijklmn", {}, /run of keys or letters/],
    ["a keyboard row with digits after it", "qwertyuiop99", {}, /run of keys or letters/],
    ["a run backwards", "zyxwvutsrqpon", {}, /run of keys or letters/],
    ["a short run repeated", "abcdabcdabcd", {}, /run of keys or letters/],
    ["contains the address's name part", "ada.lovelace-1815", { email: "ada.lovelace@example.com" }, /must not contain your email address/],
    ["a short name part is not checked", "bo-and-the-kettle", { email: "bo@example.com" }, null],
    ["the business's name with digits", "OsteriaVela2030", { businessName: "Osteria Vela" }, /must not be the business's name/],
    ["the business's name inside a longer phrase is fine", "osteria vela makes the best pizza", { businessName: "Osteria Vela" }, null],
  ])("%s", (_name, password, context, expected) => {
    const problem = passwordProblem(password, context);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });

  it("bounds the length both ways", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(12);
    expect(passwordProblem("correct horse ".repeat(19))).toMatch(`at most ${MAX_PASSWORD_LENGTH} characters`);
    expect(passwordProblem("correct horse ".repeat(18))).toBeNull();
  });
});
