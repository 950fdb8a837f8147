// A Gatsby plugin's browser half with no browser APIs: stands in for the internal Partytown plugin's
// (onCreateWebpackConfig in node-apis.ts says why).
module.exports = {};
