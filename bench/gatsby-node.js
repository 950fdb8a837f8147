// Written in JS, not TypeScript: Gatsby compiles a TypeScript gatsby-node into .cache and __dirname then points there.
const path = require("node:path");

/** Page count from BENCH_PAGES: the bench passes the salon's planned page count so both builds make as many pages. */
function pageCount(reporter) {
  const raw = process.env.BENCH_PAGES;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 2) {
    reporter.panic(`BENCH_PAGES: expected a whole number of pages >= 2 (home and 404 included), got ${JSON.stringify(raw)}`);
  }
  return count;
}

exports.createPages = ({ actions, reporter }) => {
  const count = pageCount(reporter);
  const component = path.join(__dirname, "src", "templates", "page.js");
  const paths = ["/", "/404/", ...Array.from({ length: count - 2 }, (_, index) => `/page-${index + 1}/`)];
  // Each page links to a handful of others, like a real navigation, so Gatsby has links to prefetch.
  const nav = paths.filter((pagePath) => pagePath !== "/404/").slice(0, 8);
  paths.forEach((pagePath, index) => {
    actions.createPage({
      path: pagePath,
      component,
      context: { title: pagePath === "/" ? "Home" : pagePath === "/404/" ? "Page not found" : `Page ${index - 1}`, nav },
    });
  });
};
