import { z } from "zod";
import { describeFound, formatIssue, formatPath } from "../format-issues";

describe("formatPath", () => {
  it.each<[PropertyKey[], string]>([
    [[], "(top level)"],
    [["name"], "name"],
    [["locations", 1, "hours", 3, "open"], "locations[1].hours[3].open"],
    [["menu", "items", 0, "$ref"], "menu.items[0].$ref"],
    [["props", "my key"], 'props["my key"]'],
    [[0, "a"], "[0].a"],
  ])("%j → %s", (path, expected) => {
    expect(formatPath(path)).toBe(expected);
  });
});

describe("describeFound", () => {
  it.each<[unknown, string]>([
    [undefined, "nothing"],
    [null, "null"],
    ["9am", '"9am"'],
    [960, "960"],
    [false, "false"],
    [[1, 2], "[1,2]"],
    [{ a: "b" }, '{"a":"b"}'],
    ["x".repeat(100), `"${"x".repeat(78)}…`],
  ])("%p → %s", (value, expected) => {
    expect(describeFound(value)).toBe(expected);
  });
});

describe("formatIssue for zod's own messages", () => {
  const line = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value, { reportInput: true });
    if (result.success) throw new Error("expected a failure");
    return formatIssue("f.json", result.error.issues[0], value);
  };

  it.each<[string, z.ZodType, unknown, string]>([
    ["wrong type", z.object({ a: z.string() }), { a: 1 }, "f.json: a: expected text, got 1"],
    ["missing field", z.object({ a: z.number() }), {}, "f.json: a: expected a number, got nothing"],
    ["too short text", z.object({ a: z.string().min(3) }), { a: "ab" }, 'f.json: a: expected text of at least 3 characters, got "ab"'],
    ["too long list", z.object({ a: z.array(z.number()).max(1) }), { a: [1, 2] }, "f.json: a: expected a list of at most 1 entries, got [1,2]"],
    ["number too big", z.object({ a: z.number().lt(5) }), { a: 7 }, "f.json: a: expected a number less than 5, got 7"],
    ["literal value", z.object({ a: z.literal("x") }), { a: "y" }, 'f.json: a: expected one of "x", got "y"'],
    ["unknown key", z.strictObject({ a: z.number() }), { a: 1, b: 2 }, "f.json: b: expected only known fields, got 2"],
  ])("%s", (_name, schema, value, expected) => {
    expect(line(schema, value)).toBe(expected);
  });
});
