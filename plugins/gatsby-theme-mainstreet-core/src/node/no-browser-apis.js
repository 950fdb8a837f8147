// A Gatsby plugin's browser half with no browser APIs: stands in for those of plugins Mainstreet never runs in the browser
// (onCreateWebpackConfig in node-apis.ts says why).
module.exports = {};
