import { csvCell, csvText } from "../csv";

describe("CSV cells, safe to open in a spreadsheet", () => {
  it.each<[string, string | number | boolean | null | undefined, string]>([
    ["plain text", "ada@example.com", "ada@example.com"],
    ["a comma is quoted", "Lovelace, Ada", '"Lovelace, Ada"'],
    ["a quote is doubled inside quotes", 'say "hi"', '"say ""hi"""'],
    ["a line break is quoted", "a\nb", '"a\nb"'],
    ["a formula with =", "=HYPERLINK(\"http://evil\")", "\"'=HYPERLINK(\"\"http://evil\"\")\""],
    ["a formula with +", "+1+2", "'+1+2"],
    ["a formula with -", "-2+3", "'-2+3"],
    ["a formula with @", "@SUM(A1)", "'@SUM(A1)"],
    ["a leading tab", "\t=1", "'\t=1"],
    ["a leading carriage return is guarded and quoted", "\r=1", "\"'\r=1\""],
    ["= later in the text is harmless", "a=b", "a=b"],
    ["a number is written as is", 42, "42"],
    ["a boolean", true, "true"],
    ["null is empty", null, ""],
    ["undefined is empty", undefined, ""],
  ])("%s", (_name, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("joins rows with CRLF and ends with one", () => {
    expect(csvText([["email", "opt_in"], ["=cmd", true]])).toBe("email,opt_in\r\n'=cmd,true\r\n");
  });
});
