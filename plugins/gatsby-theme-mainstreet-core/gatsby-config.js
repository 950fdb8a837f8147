// The plugins every Mainstreet site needs, from the business data and the recipe's options.
const loadTs = require("./load-ts");

const { siteGatsbyConfig } = loadTs("./src/node/site-gatsby-config.ts", __filename);

module.exports = (themeOptions) => siteGatsbyConfig(themeOptions, process.env);
