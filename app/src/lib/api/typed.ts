// A typed face of api(): the path template and method pick the operation of the generated
// schema (schema.gen.ts, from openapi.json), so the compiler knows its parameters, its request
// body and the `value` its answer carries.
import { api } from "./http";
import type { paths } from "./schema.gen";

type Method = "get" | "put" | "post" | "delete";
/** The methods `P` is documented with. */
export type MethodOf<P extends keyof paths> = {
  [M in Method]: paths[P][M] extends undefined | never ? never : M;
}[Method];
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

type PathParams<O> = O extends { parameters: { path: infer A } } ? A : never;
type QueryParams<O> = O extends { parameters: { query?: infer Q } } ? Exclude<Q, undefined> : never;
type RequestBody<O> = O extends { requestBody: { content: { "application/json": infer B } } } ? B : never;

/** The `value` of the operation's successful answer. */
export type ValueOf<O> = O extends { responses: { 200: { content: { "application/json": { value?: infer V } } } } }
  ? Exclude<V, undefined>
  : never;

/** What a call needs besides its path: path parameters, query and body where the operation has them. */
export type Args<O> = ([PathParams<O>] extends [never] ? unknown : { path: PathParams<O> }) &
  ([QueryParams<O>] extends [never] ? unknown : { query?: QueryParams<O> }) &
  ([RequestBody<O>] extends [never] ? unknown : { body: RequestBody<O> }) & { headers?: Record<string, string> };

/** `/orders/{id}` with `{ id: 5 }` is `/orders/5`; query values left undefined are not sent. */
export function fillPath(template: string, path: Record<string, unknown> = {}, query: Record<string, unknown> = {}): string {
  const filled = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(path[name])));
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) q.append(k, String(v));
  const qs = q.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/** Calls `method path` as the document describes it and resolves to its answer's `value`. */
export function request<P extends keyof paths, M extends MethodOf<P>>(
  method: M,
  path: P,
  args: Args<Operation<P, M>>,
): Promise<ValueOf<Operation<P, M>>> {
  const a = args as { path?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string> };
  return api(method.toUpperCase(), fillPath(path, a.path, a.query), a.body, a.headers);
}
