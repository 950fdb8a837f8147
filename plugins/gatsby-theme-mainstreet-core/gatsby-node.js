// In JavaScript on purpose: Gatsby compiles a TypeScript gatsby-node into .cache with a wrong __dirname.
const loadTs = require("./load-ts");

module.exports = loadTs("./src/node/node-apis.ts", __filename);
