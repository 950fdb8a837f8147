// The site's own server-rendering hooks; the core theme's gatsby-ssr.js sets the document up.
export {};
