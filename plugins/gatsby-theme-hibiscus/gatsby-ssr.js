import "./src/styles/global.css";
export { wrapPageElement } from "./src/layout/wrap-page-element";

export const onRenderBody = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "en" });
};
