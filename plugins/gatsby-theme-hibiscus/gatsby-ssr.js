import "./src/styles/global.css";
export { wrapPageElement } from "./src/layout/wrap-page-element";

