// A recipe is a child theme of the core: its name (the core reads its src/tokens.ts); the core does everything else.
module.exports = {
  plugins: [{ resolve: "gatsby-theme-mainstreet-core", options: { recipe: "cutilier" } }],
};
