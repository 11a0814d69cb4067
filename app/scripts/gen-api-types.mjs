// Generates src/lib/api/schema.gen.ts and form-rules.gen.ts (gitignored) from the committed OpenAPI document
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
  writeIfChanged(join(apiDir, "schema.gen.ts"), text);
  writeIfChanged(join(apiDir, "form-rules.gen.ts"), formRules(doc));
}

// Unchanged output is not rewritten: build.rs watches src/, and a fresh mtime would rebuild.
function writeIfChanged(out, text) {
  if (!existsSync(out) || readFileSync(out, "utf8") !== text) writeFileSync(out, text);
}

/** Each form's request schemas; the host writes the same forms' rules into them (host/api/form_schemas.rs). */
const FORMS = {
  register: ["RegistrationBody"],
  profile: ["ProfileUpdateBody"],
  address: ["SavedAddressBody", "StreetAddressBody"],
};

/**
 * The forms' field rules (spec §5) as the document states them on each property: required
 * (`minLength` >= 1, or `enum: [true]` for a checkbox), a `pattern` with the code its refusal
 * gets (`x-field-code`; `x-required-code` where an empty value gets it too), a `maxLength`. lib/forms.ts checks a form against them before sending.
 */
function formRules(doc) {
  const schemas = doc.components.schemas;
  const forms = {};
  for (const [form, names] of Object.entries(FORMS)) {
    const rules = {};
    for (const name of names) {
      if (!schemas[name]) throw new Error(`openapi.json has no schema ${name}`);
      for (const [field, p] of Object.entries(schemas[name].properties ?? {})) {
        const required = (p.minLength ?? 0) >= 1 || (Array.isArray(p.enum) && p.enum.length === 1 && p.enum[0] === true);
        if (!required && p.pattern === undefined && p.maxLength === undefined) continue;
        rules[field] = { required, pattern: p.pattern ?? null, code: p["x-field-code"] ?? null, requiredCode: p["x-required-code"] ?? null, maxLength: p.maxLength ?? null };
        if (p["x-choices"]) rules[field].choices = p["x-choices"];
      }
    }
    forms[form] = rules;
  }
  return [
    "// Generated from openapi.json by app/scripts/gen-api-types.mjs; do not edit.",
    "",
    "/** One field's rule: required; a pattern (anchored) and the code a value it refuses gets; at most maxLength characters. */",
    "export interface FieldRule {",
    "  readonly required: boolean;",
    "  readonly pattern: string | null;",
    "  readonly code: string | null;",
    "  /** The code of the field left empty, where it is not \"required\" (an e-mail's, a phone's). */",
    "  readonly requiredCode: string | null;",
    "  readonly maxLength: number | null;",
    "  /** A choice field's options as [value, label] (x-choices: the state select's states). */",
    "  readonly choices?: readonly (readonly [string, string])[];",
    "}",
    "",
    ...Object.entries(forms).map(([form, rules]) => `export const ${form}Rules = ${JSON.stringify(rules, null, 2)} as const satisfies Record<string, FieldRule>;\n`),
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await generateApiTypes();
