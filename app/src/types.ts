import type { ComponentType, ReactNode } from "react";
import type { Lang } from "./i18n/lang";

/** Front-end settings the host passes with every page. */
export interface ClientConfig {
  tileUrl: string;
  /** Host names the app used to be served from: they show the outdated-address banner. */
  oldHosts: string[];
  /** Where that banner sends people (the host's public URL). */
  newOrigin: string;
  /** The TEFAP guideline testing panel in the residency step (testers only). */
  tefapTesting: boolean;
}

/** What the Rust host hands to `SSR.render`, embeds as #__oa, and answers on GET /_data. */
export interface Payload<D = unknown> {
  /** Route id chosen by the host's route table; names a folder under src/routes/. */
  route: string;
  status: number;
  /** Path and query the payload was made for. */
  url: string;
  data: D;
  config: ClientConfig;
  /** The page's language, and the texts its code uses in that language (see i18n/t.ts). */
  lang?: Lang;
  messages?: Record<string, string>;
  /** The form token of pages that are never cached (ui/PostForm.tsx). */
  csrf?: string | null;
  /** After a refused form post: which form, the API's refusal, the values typed (never a password). */
  action?: PostedForm | null;
  /** A staff page's console frame (host/pages/staff_guard.rs): its navigation, pantry switcher and search. */
  console?: unknown;
  /** Why the staff guard refused the page (host/pages/staff_guard.rs): StaffLayout's "not allowed" page. */
  denied?: string;
  /** Only in the embedded copy: false when server rendering failed and #root holds a static Loading... screen. */
  ssr?: boolean;
}

export interface PostedForm {
  intent: string | null;
  failure: {
    status: number;
    failureReason?: string | null;
    failureCode?: string | null;
    failureData?: Record<string, string | number> | null;
    value?: unknown;
  };
  values: Record<string, string>;
}

export interface Meta {
  title: string;
  description: string;
}

/** The contract of every src/routes/<id>/route.tsx. */
export interface RouteModule<D = any> {
  default: ComponentType<{ data: D }>;
  meta(data: D): Meta;
  /** A page with a title of its own: the top bar shows it with a logo link home instead of the menu (spec §2). */
  topBarTitle?(): string;
  /** What the page is drawn in: the staff routes' StaffLayout. */
  Layout?: ComponentType<{ children: ReactNode }>;
}

/** A page ready to show: its payload plus its loaded route module. `key` is the location it belongs to. */
export interface Page {
  payload: Payload;
  mod: RouteModule;
  key: string;
}

export type LoadRoute = (id: string) => Promise<RouteModule>;
