// Where `npm test` (app/scripts/unit-tests.mjs) puts the bundled copies of the TypeScript modules.
export const testLib = (name) => new URL(`../../app/dist/test-lib/${name}.mjs`, import.meta.url).href;
