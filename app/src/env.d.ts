declare module "react-dom/server.browser" {
  export { renderToString } from "react-dom/server";
}
declare module "*.css";

/** A slice of the message catalog: `messages:ns1,ns2` holds the keys starting `ns1.` or `ns2.`. */
declare module "messages:*" {
  const messages: Record<string, string>;
  export default messages;
}
