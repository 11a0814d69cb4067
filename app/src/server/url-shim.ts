// Server-only. QuickJS has no URL or URLSearchParams, but the router (lib/router.tsx) and the pages read
// addresses through URL while rendering. This covers what a router
// needs (absolute and relative URLs of hierarchical schemes, WHATWG-style percent-encoding); it is
// installed only where the engine has no URL of its own, so Node and browsers keep the real one.

const ABSOLUTE = /^([a-zA-Z][a-zA-Z\d+\-.]*:)(?:\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/;
const encoder = (unsafe: RegExp) => (s: string) => s.replace(unsafe, (c) => encodeURIComponent(c));
// WHATWG percent-encode sets, written as "everything outside printable ASCII plus these".
const encodePath = encoder(/[^\x21-\x7e]|["<>`{}]/gu);
const encodeQuery = encoder(/[^\x21-\x7e]|["<>']/gu);
const encodeHash = encoder(/[^\x21-\x7e]|["<>`]/gu);

function removeDotSegments(path: string): string {
  const out: string[] = [];
  const parts = path.split("/");
  parts.forEach((seg, i) => {
    const last = i === parts.length - 1;
    if (seg === "..") {
      if (out.length > 1) out.pop();
      if (last) out.push("");
    } else if (seg === ".") {
      if (last) out.push("");
    } else out.push(seg);
  });
  return out.join("/") || "/";
}

class MiniURL {
  protocol = "";
  username = "";
  password = "";
  hostname = "";
  port = "";
  pathname = "";
  search = "";
  hash = "";
  private hierarchical = false;

  constructor(input: string | MiniURL, base?: string | MiniURL) {
    const href = String(input).trim();
    const abs = ABSOLUTE.exec(href);
    if (abs) this.assign(abs[1], abs[2], abs[3], abs[4], abs[5]);
    else if (base !== undefined) this.resolve(href, new MiniURL(base));
    else throw new TypeError(`Invalid URL: ${href}`);
  }

  private assign(protocol: string, host: string | undefined, path: string, search = "", hash = "") {
    this.protocol = protocol.toLowerCase();
    this.hierarchical = host !== undefined;
    if (host !== undefined) {
      const at = host.lastIndexOf("@");
      const auth = at >= 0 ? host.slice(0, at).split(":") : [];
      this.username = auth[0] ?? "";
      this.password = auth.slice(1).join(":");
      const hostPort = at >= 0 ? host.slice(at + 1) : host;
      const colon = hostPort.lastIndexOf(":");
      const isPort = colon >= 0 && hostPort.indexOf("]", colon) < 0;
      this.hostname = (isPort ? hostPort.slice(0, colon) : hostPort).toLowerCase();
      this.port = isPort ? hostPort.slice(colon + 1) : "";
    }
    this.pathname = this.hierarchical ? removeDotSegments(encodePath(path || "/")) : encodePath(path);
    this.search = search.length > 1 ? encodeQuery(search) : "";
    this.hash = hash.length > 1 ? encodeHash(hash) : "";
  }

  private resolve(rel: string, b: MiniURL) {
    const m = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(rel)!;
    const [, path, search, hash] = m;
    if (rel.startsWith("//")) return this.assign(b.protocol, ...splitAuthority(rel));
    const host = b.hierarchical ? b.host : undefined;
    if (path === "") {
      return this.assign(b.protocol, host, b.pathname, search ?? b.search, hash);
    }
    const merged = path.startsWith("/") ? path : b.pathname.slice(0, b.pathname.lastIndexOf("/") + 1) + path;
    this.assign(b.protocol, host, merged, search, hash);
  }

  get host() {
    return this.port ? `${this.hostname}:${this.port}` : this.hostname;
  }
  get origin() {
    return this.hierarchical ? `${this.protocol}//${this.host}` : "null";
  }
  get href() {
    const auth = this.username || this.password ? `${this.username}${this.password ? `:${this.password}` : ""}@` : "";
    return this.protocol + (this.hierarchical ? `//${auth}${this.host}` : "") + this.pathname + this.search + this.hash;
  }
  get searchParams() {
    return new MiniSearchParams(this.search);
  }
  toString() {
    return this.href;
  }
  toJSON() {
    return this.href;
  }
}

function splitAuthority(rel: string): [string, string, string, string] {
  const m = /^\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/.exec(rel)!;
  return [m[1], m[2], m[3] ?? "", m[4] ?? ""];
}

const decodeForm = (s: string) => {
  const plus = s.replace(/\+/g, " ");
  try {
    return decodeURIComponent(plus);
  } catch {
    return plus;
  }
};
const encodeForm = (s: string) =>
  encodeURIComponent(s).replace(/%20/g, "+").replace(/[!'()~]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());

type Init = string | [string, string][] | Record<string, string> | MiniSearchParams | undefined;

class MiniSearchParams {
  private list: [string, string][] = [];

  constructor(init?: Init) {
    if (typeof init === "string") {
      for (const part of init.replace(/^\?/, "").split("&")) {
        if (!part) continue;
        const eq = part.indexOf("=");
        this.list.push(eq < 0 ? [decodeForm(part), ""] : [decodeForm(part.slice(0, eq)), decodeForm(part.slice(eq + 1))]);
      }
    } else if (init instanceof MiniSearchParams) this.list = init.list.map(([k, v]) => [k, v]);
    else if (Array.isArray(init)) this.list = init.map(([k, v]) => [String(k), String(v)]);
    else if (init) this.list = Object.keys(init).map((k) => [k, String(init[k])]);
  }

  get size() {
    return this.list.length;
  }
  append(k: string, v: string) {
    this.list.push([String(k), String(v)]);
  }
  delete(k: string) {
    this.list = this.list.filter(([key]) => key !== k);
  }
  get(k: string) {
    const hit = this.list.find(([key]) => key === k);
    return hit ? hit[1] : null;
  }
  getAll(k: string) {
    return this.list.filter(([key]) => key === k).map(([, v]) => v);
  }
  has(k: string) {
    return this.list.some(([key]) => key === k);
  }
  set(k: string, v: string) {
    const i = this.list.findIndex(([key]) => key === k);
    this.delete(k);
    this.list.splice(i < 0 ? this.list.length : i, 0, [String(k), String(v)]);
  }
  forEach(fn: (v: string, k: string, self: MiniSearchParams) => void) {
    this.list.forEach(([k, v]) => fn(v, k, this));
  }
  keys() {
    return this.list.map(([k]) => k)[Symbol.iterator]();
  }
  values() {
    return this.list.map(([, v]) => v)[Symbol.iterator]();
  }
  entries() {
    return this.list.map(([k, v]) => [k, v] as [string, string])[Symbol.iterator]();
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  toString() {
    return this.list.map(([k, v]) => `${encodeForm(k)}=${encodeForm(v)}`).join("&");
  }
}

const g = globalThis as Record<string, unknown>;
if (typeof g.URL === "undefined") g.URL = MiniURL;
if (typeof g.URLSearchParams === "undefined") g.URLSearchParams = MiniSearchParams;

export { MiniSearchParams, MiniURL };
