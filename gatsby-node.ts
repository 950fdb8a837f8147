// The site's own build hooks. Sourcing, schema and page creation belong to the core theme
// (plugins/gatsby-theme-mainstreet-core/gatsby-node.js), whichever recipe builds the site.
export {};
