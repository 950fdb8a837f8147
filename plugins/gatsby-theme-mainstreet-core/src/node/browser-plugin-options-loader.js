// A webpack loader for Gatsby's .cache/api-runner-browser-plugins.js, which lists each plugin's browser half with
// its options, all of them written into every page's app bundle. The halves the core resolves to nothing
// (onCreateWebpackConfig in node-apis.ts) never read theirs, and gatsby-plugin-manifest's are the site's name,
// description and icons: some 350 bytes gzip on every page. Their options are left out. `replaced` (the loader's
// option) holds the sources of the regular expressions that match those halves' files.
// Gatsby writes one entry per plugin, its `require` on one line and its options as JSON on the next.
module.exports = function withoutUnreadPluginOptions(source) {
  const replaced = (this.getOptions().replaced ?? []).map((pattern) => new RegExp(pattern));
  const lines = source.split("\n");
  for (let index = 0; index < lines.length - 1; index += 1) {
    const required = /plugin: require\('([^']+)'\)/.exec(lines[index]);
    if (required && replaced.some((pattern) => pattern.test(required[1]))) lines[index + 1] = lines[index + 1].replace(/^(\s*options: ).*,$/, "$1{},");
  }
  return lines.join("\n");
};
