import "./src/styles/base.css";
export { onClientEntry, onInitialClientRender, onRouteUpdate, registerServiceWorker, replaceHydrateFunction } from "./src/runtime/browser-api";
export { wrapPageElement } from "./src/layout/wrap-page-element";
