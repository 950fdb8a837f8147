// Gatsby's own babel preset, applied only to tests: a root babel.config.js would also change the site build.
const babelOptions = {
  presets: ["babel-preset-gatsby", "@babel/preset-typescript"],
};

module.exports = require("babel-jest").default.createTransformer(babelOptions);
