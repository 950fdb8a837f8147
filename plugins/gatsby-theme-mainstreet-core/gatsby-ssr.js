import "./src/styles/base.css";
export { onRenderBody, onPreRenderHTML } from "./src/runtime/ssr-api";
export { wrapPageElement } from "./src/layout/wrap-page-element";
