// Gatsby requires a main file for a local theme; behaviour lives in the gatsby-*.js files.
