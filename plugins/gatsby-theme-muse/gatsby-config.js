// A recipe is a child theme of the core: its name and its tokens; the core does everything else.
const loadTs = require("gatsby-theme-mainstreet-core/load-ts");

const { tokens } = loadTs("./src/tokens.ts", __filename);

module.exports = {
  plugins: [{ resolve: "gatsby-theme-mainstreet-core", options: { recipe: "muse", tokens } }],
};
