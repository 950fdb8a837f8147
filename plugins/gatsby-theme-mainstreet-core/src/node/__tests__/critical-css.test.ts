import { criticalCss, namesInHtml, prepareCss } from "../critical-css";

const cut = (css: string, html: string) => criticalCss(prepareCss(css), namesInHtml(html));

describe("namesInHtml", () => {
  it("reads every element's name, classes and id", () => {
    expect([...namesInHtml('<main id="main"><a class="button  button--small" href="/x">X</a><SVG class="icon"></SVG></main>')].sort()).toEqual(
      ["c:button", "c:button--small", "c:icon", "i:main", "t:a", "t:main", "t:svg"].sort(),
    );
  });
});

describe("criticalCss: a rule stays when one of its selectors names only what the page has", () => {
  const html = '<header class="site-header"><nav id="menu"><ul><li><a class="nav__link is-active" href="/">Home</a></li></ul></nav></header><details class="hours"><summary>Hours</summary></details>';

  it.each<[string, string, boolean]>([
    ["a class the page has", ".site-header{color:red}", true],
    ["a class it has not", ".cart-drawer{color:red}", false],
    ["element names", "ul li a{color:red}", true],
    ["an element it has not", "table td{color:red}", false],
    ["an id", "#menu{color:red}", true],
    ["another id", "#checkout{color:red}", false],
    ["a compound with one missing class", ".nav__link.is-open{color:red}", false],
    ["a compound it has", ".nav__link.is-active{color:red}", true],
    ["states: pseudo-classes and pseudo-elements", ".nav__link:hover::after{color:red}", true],
    ["the popover state", ".site-header:popover-open{color:red}", true],
    ["attribute states the page or its inline script set", ".nav__link[data-held],details[open]>summary{color:red}", true],
    ["what :not() takes", ".nav__link:not(.cart-drawer){color:red}", true],
    ["what :has() takes", ".site-header:has(.cart-drawer){color:red}", true],
    ["a list with one selector that matches", ".cart-drawer,.site-header{color:red}", true],
    ["a list with none", ".cart-drawer,.booking-flow{color:red}", false],
    ["the universal selector and :root", "*,:root{box-sizing:border-box}", true],
  ])("%s", (_name, css, kept) => {
    expect(cut(css, html)).toBe(kept ? css : "");
  });

  it("cuts inside @media and drops an @media left empty, inside out", () => {
    expect(cut("@media (min-width:62em){.site-header{margin:0}.cart-drawer{margin:0}}@supports (display:grid){@media print{.cart-drawer{color:red}}}", html)).toBe(
      "@media (min-width:62em){.site-header{margin:0}}",
    );
  });

  it("keeps @keyframes and @font-face whole", () => {
    const css = "@keyframes spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}@font-face{font-family:X;src:url(x.woff2)}";
    expect(cut(css, html)).toBe(css);
  });

  it("gives each page its own cut from one parse", () => {
    const prepared = prepareCss(".a{color:red}.b{color:blue}");
    expect(criticalCss(prepared, namesInHtml('<p class="a"></p>'))).toBe(".a{color:red}");
    expect(criticalCss(prepared, namesInHtml('<p class="b"></p>'))).toBe(".b{color:blue}");
    expect(criticalCss(prepared, namesInHtml('<p class="a b"></p>'))).toBe(".a{color:red}.b{color:blue}");
  });
});
