/**
 * The bare baseline for `npm run bench:build`: Gatsby 5 with no plugins, no data sourcing and no images,
 * so the salon/bare ratio isolates what Mainstreet's data layer, images and theme add to a build.
 */
module.exports = {
  siteMetadata: { title: "Bare bench site" },
  trailingSlash: "always",
  plugins: [],
};
