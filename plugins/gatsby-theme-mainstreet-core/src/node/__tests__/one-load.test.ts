import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadBusinessFile } from "@mainstreet/rules/business/load";
import { planPages } from "@mainstreet/rules/site/page-plan";
import { publishedBusiness } from "@mainstreet/rules/business/published";
import { recipePlugin } from "../recipe";
import { siteGatsbyConfig } from "../site-gatsby-config";
import { createPages, onCreateWebpackConfig, sourceNodes } from "../node-apis";
import { REPO_ROOT } from "../../__tests__/recipes";

// Every read of a data file goes through the rules' loadBusinessFile; this counts them.
jest.mock("@mainstreet/rules/business/load", () => {
  const actual = jest.requireActual("@mainstreet/rules/business/load");
  return { ...actual, loadBusinessFile: jest.fn(actual.loadBusinessFile) };
});
const reads = loadBusinessFile as jest.MockedFunction<typeof loadBusinessFile>;

const SITE_DATA = "data/salon/business.json";

/** What Gatsby hands an API, as far as ours read it. */
function gatsbyArgs(directory: string) {
  const created: { path: string }[] = [];
  const nodes: unknown[] = [];
  const reporter = { info: jest.fn(), warn: jest.fn(), panic: (message: string) => { throw new Error(message); } };
  return {
    created,
    nodes,
    args: {
      reporter,
      actions: { createPage: (page: { path: string }) => created.push(page), createNode: (node: unknown) => nodes.push(node), setWebpackConfig: jest.fn() },
      plugins: { define: (values: unknown) => values },
      stage: "build-html",
      createNodeId: (key: string) => key,
      createContentDigest: () => "digest",
      store: { getState: () => ({ program: { directory } }) },
    },
  };
}

describe("a build reads, validates and plans the business once", () => {
  let directory: string;
  const env = process.env.SITE_DATA;

  beforeAll(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), "one-load-"));
    process.env.SITE_DATA = SITE_DATA;
  });
  afterAll(() => {
    fs.rmSync(directory, { recursive: true, force: true });
    if (env === undefined) delete process.env.SITE_DATA;
    else process.env.SITE_DATA = env;
  });

  it("through the site's gatsby-config, the core's gatsby-config and every node API that needs it", async () => {
    const { args, created, nodes } = gatsbyArgs(directory);
    const options = { recipe: "hibiscus", plugins: [] };
    const plugin = recipePlugin(process.env, REPO_ROOT);
    const config = siteGatsbyConfig({ recipe: "hibiscus" }, process.env);
    await sourceNodes!(args as never, options as never, () => undefined);
    await createPages!(args as never, options as never, () => undefined);
    await onCreateWebpackConfig!(args as never, options as never, () => undefined);

    expect(reads.mock.calls.map(([file]) => file)).toEqual([SITE_DATA]);
    expect(plugin.resolve).toBe("gatsby-theme-hibiscus");
    expect(config.siteMetadata?.title).toBeTruthy();
    expect(nodes.length).toBeGreaterThan(0);
    // The pages created are the plan of the published business, and the offline page beside them.
    const result = loadBusinessFile(SITE_DATA);
    if (!result.ok) throw new Error(result.problems.join("\n"));
    const planned = planPages(publishedBusiness(result.business)).pages.map((page) => page.path);
    expect(created.map((page) => page.path)).toEqual([...planned, "/offline/"]);
  });
});
