import { nameSharedChunksByTheirUsers, type SharedChunk } from "../shared-chunks";

const SITE = "/site";

/** A chunk as webpack's split-chunks step sees it: a name, or none for one loaded with import(). */
function chunk(name: string | null, origins: [from: string, request: string][] = []): SharedChunk {
  return { name, groupsIterable: [{ origins: origins.map(([from, request]) => ({ request, module: { nameForCondition: () => `${SITE}/${from}` } })) }] };
}

function sharedName(): (module: unknown, chunks: SharedChunk[]) => string {
  const shared: { name?: unknown } = { name: () => "gatsby's" };
  nameSharedChunksByTheirUsers({ context: SITE, optimization: { splitChunks: { cacheGroups: { shared } } } });
  return shared.name as (module: unknown, chunks: SharedChunk[]) => string;
}

const footer = chunk(null, [["src/components/footer.tsx", "./footer-body"]]);
const modal = chunk(null, [["src/components/modal.tsx", "./modal-layer"]]);
const tray = chunk(null, [["src/components/header.tsx", "./tray-layer"]]);
const cart = chunk(null, [["src/ordering/cart-button.tsx", "./cart-button-body"]]);
const home = chunk("component---home");
const about = chunk("component---about");

describe("shared chunks are named after the parts that use them", () => {
  const name = sharedName();

  it.each([
    ["the same unnamed chunks, in any order", [footer, modal], [modal, footer], true],
    ["as many unnamed chunks, but other ones (Gatsby's own name made these one chunk)", [footer, cart], [modal, tray], false],
    ["one chunk more", [footer, modal], [footer, modal, tray], false],
    ["the same named chunks", [home, about], [about, home], true],
    ["named chunks differ", [home, footer], [about, footer], false],
  ])("%s", (_case, first, second, same) => {
    expect(name(null, first) === name(null, second)).toBe(same);
  });

  it("gives a hex name that does not depend on where the site is on disk", () => {
    const elsewhere: { name?: unknown } = {};
    nameSharedChunksByTheirUsers({ context: "/elsewhere", optimization: { splitChunks: { cacheGroups: { shared: elsewhere } } } });
    const movedFooter: SharedChunk = { name: null, groupsIterable: [{ origins: [{ request: "./footer-body", module: { nameForCondition: () => "/elsewhere/src/components/footer.tsx" } }] }] };
    const movedName = (elsewhere.name as typeof name)(null, [movedFooter]);
    expect(name(null, [footer])).toMatch(/^[0-9a-f]{40}$/);
    expect(movedName).toBe(name(null, [footer]));
  });

  it("leaves a config without split chunks as it is", () => {
    const config = { optimization: { splitChunks: false as const } };
    nameSharedChunksByTheirUsers(config);
    expect(config).toEqual({ optimization: { splitChunks: false } });
  });
});
