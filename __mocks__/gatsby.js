// Component tests render templates outside Gatsby: Link becomes an anchor, queries return test data.
const React = require("react");
const gatsby = jest.requireActual("gatsby");

module.exports = {
  ...gatsby,
  graphql: jest.fn(),
  Link: jest.fn().mockImplementation(
    // Drop Gatsby-only props so they do not reach the DOM.
    ({ activeClassName, activeStyle, getProps, innerRef, partiallyActive, ref, replace, to, ...rest }) =>
      React.createElement("a", { ...rest, href: to }),
  ),
  navigate: jest.fn(),
  useStaticQuery: jest.fn(),
  withPrefix: jest.fn((path) => path),
};
