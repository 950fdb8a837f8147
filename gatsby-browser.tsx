// The site's own browser hooks. Everything Mainstreet does in the browser lives in the core theme
// (plugins/gatsby-theme-mainstreet-core/gatsby-browser.js); a site adds here only what is its own.
export {};
