import { parseInline, parseRichText, type RichBlock, type RichInline } from "../rich-text";

const t = (text: string): RichInline => ({ kind: "text", text });
const p = (...children: RichInline[]): RichBlock => ({ kind: "paragraph", children });

describe("parseRichText: blocks (blog bodies)", () => {
  it.each<[string, string | null | undefined, RichBlock[]]>([
    ["nothing", undefined, []],
    ["blank lines only", "\n \n\t\n", []],
    ["one paragraph", "Wash with cool water.", [p(t("Wash with cool water."))]],
    ["lines of a paragraph are joined with spaces", "Wash with\ncool water.", [p(t("Wash with cool water."))]],
    ["a blank line starts a new paragraph", "One.\n\nTwo.", [p(t("One.")), p(t("Two."))]],
    ["Windows line ends", "One.\r\n\r\nTwo.", [p(t("One.")), p(t("Two."))]],
    ["## is a second-level heading", "## Before the trial", [{ kind: "heading", level: 2, children: [t("Before the trial")] }]],
    ["# is read as ## (the title is the h1)", "# Title", [{ kind: "heading", level: 2, children: [t("Title")] }]],
    ["### is a third-level heading, closing #s dropped", "### Week one ###", [{ kind: "heading", level: 3, children: [t("Week one")] }]],
    ["#### is not a heading", "#### Four", [p(t("#### Four"))]],
    ["#hashtag is not a heading", "#balayage", [p(t("#balayage"))]],
    ["a heading line ends the paragraph before it", "Intro\n## Next\nMore", [p(t("Intro")), { kind: "heading", level: 2, children: [t("Next")] }, p(t("More"))]],
    [
      "a bulleted list",
      "- Cool water\n- Purple shampoo\n* A gloss",
      [{ kind: "list", ordered: false, items: [[t("Cool water")], [t("Purple shampoo")], [t("A gloss")]] }],
    ],
    ["a numbered list", "1. Trial\n2) Colour", [{ kind: "list", ordered: true, items: [[t("Trial")], [t("Colour")]] }]],
    ["a line after an item continues it", "- Cool water,\n  never hot\n- Rinse", [{ kind: "list", ordered: false, items: [[t("Cool water, never hot")], [t("Rinse")]] }]],
    [
      "a paragraph then a list in one chunk",
      "You need:\n- time\n- patience",
      [p(t("You need:")), { kind: "list", ordered: false, items: [[t("time")], [t("patience")]] }],
    ],
    ["a quotation over two lines", "> Book the trial\n> six weeks out.", [{ kind: "quote", children: [t("Book the trial six weeks out.")] }]],
    ["-5 degrees is text, not a list", "-5 degrees", [p(t("-5 degrees"))]],
  ])("%s", (_name, text, expected) => {
    expect(parseRichText(text)).toEqual(expected);
  });
});

describe("parseInline: marks and links", () => {
  it.each<[string, string, RichInline[]]>([
    ["plain", "plain text", [t("plain text")]],
    ["strong", "a **bold** move", [t("a "), { kind: "strong", children: [t("bold")] }, t(" move")]],
    ["emphasis with stars", "an *easy* one", [t("an "), { kind: "emphasis", children: [t("easy")] }, t(" one")]],
    ["emphasis with underscores", "an _easy_ one", [t("an "), { kind: "emphasis", children: [t("easy")] }, t(" one")]],
    ["emphasis inside strong", "**very *much* so**", [{ kind: "strong", children: [t("very "), { kind: "emphasis", children: [t("much")] }, t(" so")] }]],
    ["an unclosed star is text", "5 * 3 = 15", [t("5 * 3 = 15")]],
    ["an unclosed double star is text", "**almost", [t("**almost")]],
    ["snake_case stays as it is", "use snake_case_names", [t("use snake_case_names")]],
    ["a backslash makes a star plain", "\\*not emphasis\\*", [t("*not emphasis*")]],
    ["HTML is text", "<b>bold</b> <script>alert(1)</script>", [t("<b>bold</b> <script>alert(1)</script>")]],
    ["an https link", "see [our prices](https://luma.example/services/)", [t("see "), { kind: "link", href: "https://luma.example/services/", children: [t("our prices")] }]],
    ["a site path", "[Book now](/services/)", [{ kind: "link", href: "/services/", children: [t("Book now")] }]],
    ["mailto", "[write to us](mailto:hello@luma.example)", [{ kind: "link", href: "mailto:hello@luma.example", children: [t("write to us")] }]],
    ["tel", "[call](tel:+17185550142)", [{ kind: "link", href: "tel:+17185550142", children: [t("call")] }]],
    ["a javascript: url keeps its text, loses its link", "[click](javascript:alert(1))", [{ kind: "link", href: null, children: [t("click")] }]],
    ["parentheses inside a url", "[Balayage](https://en.wikipedia.org/wiki/Balayage_(hair)).", [{ kind: "link", href: "https://en.wikipedia.org/wiki/Balayage_(hair)", children: [t("Balayage")] }, t(".")]],
    ["an unclosed url is text", "[x](https://a.example", [t("[x](https://a.example")]],
    ["a data: url keeps its text, loses its link", "[x](data:text/html,hi)", [{ kind: "link", href: null, children: [t("x")] }]],
    ["a protocol-relative url loses its link", "[x](//evil.example)", [{ kind: "link", href: null, children: [t("x")] }]],
    ["marks inside a link", "[**Book**](/book/)", [{ kind: "link", href: "/book/", children: [{ kind: "strong", children: [t("Book")] }] }]],
    ["brackets without a url are text", "[draft] and (notes)", [t("[draft] and (notes)")]],
    ["a url with a space is not a link", "[x](not a url)", [t("[x](not a url)")]],
  ])("%s", (_name, text, expected) => {
    expect(parseInline(text)).toEqual(expected);
  });
});

