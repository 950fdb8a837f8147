import { SESSION_TOKEN_PATTERN, createSessionToken, isSessionToken } from "../session-token";

describe("createSessionToken (SPEC §7: 32 random hex characters)", () => {
  it("is 32 lowercase hex characters from globalThis.crypto", () => {
    const token = createSessionToken();
    expect(token).toMatch(SESSION_TOKEN_PATTERN);
    expect(token).toHaveLength(32);
  });

  it("differs between calls", () => {
    const tokens = new Set(Array.from({ length: 200 }, () => createSessionToken()));
    expect(tokens.size).toBe(200);
  });

  it.each<[string, number[], string]>([
    ["zero bytes pad to two digits", Array(16).fill(0), "0".repeat(32)],
    ["every byte value maps to two hex digits", [0, 1, 15, 16, 127, 128, 254, 255, 10, 11, 12, 13, 14, 171, 205, 239], "00010f107f80feff0a0b0c0d0eabcdef"],
  ])("%s", (_name, bytes, expected) => {
    const source = {
      getRandomValues<T extends ArrayBufferView | null>(array: T): T {
        (array as unknown as Uint8Array).set(bytes);
        return array;
      },
    };
    expect(createSessionToken(source)).toBe(expected);
  });

  it("refuses to run without a cryptographic source", () => {
    expect(() => createSessionToken(null)).toThrow("expected globalThis.crypto.getRandomValues");
  });
});

describe("isSessionToken", () => {
  it.each<[unknown, boolean]>([
    ["0123456789abcdef0123456789abcdef", true],
    ["0123456789ABCDEF0123456789ABCDEF", false],
    ["0123456789abcdef0123456789abcde", false],
    ["0123456789abcdef0123456789abcdeg", false],
    [42, false],
  ])("%p → %p", (value, expected) => {
    expect(isSessionToken(value)).toBe(expected);
  });
});
