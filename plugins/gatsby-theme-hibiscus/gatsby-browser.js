// The recipe's browser hooks live in TypeScript under src/; Gatsby wants this file name.
import "./src/styles/global.css";
export { wrapPageElement } from "./src/layout/wrap-page-element";
