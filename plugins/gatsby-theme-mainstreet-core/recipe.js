// Used by the site's gatsby-config: which recipe theme to build with (SITE_RECIPE, else the data file's).
const loadTs = require("./load-ts");

module.exports = loadTs("./src/node/recipe.ts", __filename);
