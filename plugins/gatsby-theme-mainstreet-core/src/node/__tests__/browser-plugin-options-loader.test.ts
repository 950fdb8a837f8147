import { MANIFEST_BROWSER_ENTRY, PARTYTOWN_BROWSER_ENTRY } from "../../gatsby-internals";
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a webpack loader is CommonJS
const loader = require("../browser-plugin-options-loader.js") as (this: { getOptions: () => { replaced: string[] } }, source: string) => string;

/** The list as Gatsby 5 writes it (.cache/api-runner-browser-plugins.js), with a site's manifest options. */
const GENERATED = `module.exports = [{
      plugin: require('../node_modules/gatsby-plugin-manifest/gatsby-browser.js'),
      options: {"plugins":[],"name":"Osteria Vela","icons":[{"src":"icons/icon-512x512.png","sizes":"512x512"}],"theme_color":"#dfdfdf"},
    },{
      plugin: require('../node_modules/gatsby-plugin-google-tagmanager/gatsby-browser.js'),
      options: {"plugins":[],"id":"GTM-E2ETEST","routeChangeEventName":"gatsby-route-change"},
    },{
      plugin: require('../node_modules/gatsby/dist/internal-plugins/partytown/gatsby-browser.js'),
      options: {"plugins":[],"debug":false},
    }]`;

const run = (source: string) => loader.call({ getOptions: () => ({ replaced: [PARTYTOWN_BROWSER_ENTRY.source, MANIFEST_BROWSER_ENTRY.source] }) }, source);

describe("the browser plugins' list keeps the options only of the browser halves that run", () => {
  it("leaves out the options of the halves resolved to nothing, and keeps the others' as written", () => {
    const out = run(GENERATED);
    expect(out).not.toContain("Osteria Vela");
    expect(out).not.toContain('"debug"');
    expect(out).toContain(`options: {"plugins":[],"id":"GTM-E2ETEST","routeChangeEventName":"gatsby-route-change"},`);
    // Still the same list: every plugin, in order, each entry with options.
    const list = new Function("require", "module", `${out}; return module.exports;`)((file: string) => file, { exports: null }) as { plugin: string; options: object }[];
    expect(list.map((entry) => [entry.plugin.split("/").slice(-2).join("/"), entry.options])).toEqual([
      ["gatsby-plugin-manifest/gatsby-browser.js", {}],
      ["gatsby-plugin-google-tagmanager/gatsby-browser.js", { plugins: [], id: "GTM-E2ETEST", routeChangeEventName: "gatsby-route-change" }],
      ["partytown/gatsby-browser.js", {}],
    ]);
  });

  it("changes nothing in a list without such halves", () => {
    const only = GENERATED.split("},{")[1];
    const source = `module.exports = [{${only}}]`;
    expect(run(source)).toBe(source);
  });
});
