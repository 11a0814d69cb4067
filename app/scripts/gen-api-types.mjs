// Generates src/lib/api/schema.gen.ts (gitignored) from the committed OpenAPI document
// src/lib/api/openapi.json, which the host's tests keep equal to what /api/v1/openapi.json
// serves. Run by build.mjs (so `cargo build` regenerates it) and by `npm run typecheck`.
import openapiTS, { astToString } from "openapi-typescript";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const apiDir = join(dirname(fileURLToPath(import.meta.url)), "..", "src", "lib", "api");

export async function generateApiTypes() {
  const doc = JSON.parse(readFileSync(join(apiDir, "openapi.json"), "utf8"));
  const ast = await openapiTS(doc);
  const text = "// Generated from openapi.json by app/scripts/gen-api-types.mjs; do not edit.\n" + astToString(ast);
  const out = join(apiDir, "schema.gen.ts");
  // Unchanged output is not rewritten: build.rs watches src/, and a fresh mtime would rebuild.
  if (!existsSync(out) || readFileSync(out, "utf8") !== text) writeFileSync(out, text);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await generateApiTypes();
