// React's automatic JSX runtime as plain ESM bindings: app/build.mjs aliases `react/jsx-runtime`
// here. Imported from CommonJS as it is, every JSX element read `jsx` through esbuild's interop
// getter, a twentieth of the shop's server render in JavaScriptCore (its sampling profiler).
import runtime from "../../node_modules/react/cjs/react-jsx-runtime.production.js";

export const { Fragment, jsx, jsxs } = runtime;
