// Gatsby requires gatsby-config/gatsby-node of a theme as plain CommonJS, and the shared rules are
// TypeScript in a workspace package that Node would load as is. tsx's require hook compiles them. It is
// registered once, unscoped: a scoped require tags every module it loads with a query string, which
// webpack's persistent cache then cannot resolve as a build dependency (no cache is written).
const { register } = require("tsx/cjs/api");

const registered = Symbol.for("mainstreet.tsx-registered");
if (!globalThis[registered]) {
  register();
  globalThis[registered] = true;
}

/** Requires a TypeScript module, resolved from `fromFile`. */
module.exports = function loadTs(id, fromFile) {
  return require(require.resolve(id, { paths: [require("node:path").dirname(fromFile)] }));
};
