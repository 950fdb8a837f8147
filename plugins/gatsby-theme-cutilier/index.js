// Gatsby requires a main file for a local theme; a recipe is its gatsby-config, tokens and CSS.
