declare module "react-dom/server.browser" {
  export { renderToString } from "react-dom/server";
}
declare module "*.css";
