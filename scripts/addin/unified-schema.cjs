// Offline validation of a unified manifest against Microsoft's JSON Schema 1.25 (draft-04) in
// ../shared/schemas/unified-manifest (schema-check.cjs: ajv with ajv-draft-04). No network.
const path = require("node:path");
const { schemaChecker } = require("./schema-check.cjs");
const { MANIFEST_VERSION } = require("./unified-manifest.cjs");

const UNIFIED_SCHEMA_PATH = path.resolve(
  __dirname,
  "..",
  "..",
  "..",
  "shared",
  "schemas",
  "unified-manifest",
  `MicrosoftTeams.v${MANIFEST_VERSION}.schema.json`,
);

const check = schemaChecker(UNIFIED_SCHEMA_PATH, " (the repo expects ../shared beside it)");

/** Every way `manifest` (parsed JSON) breaks the schema, as "<path> <message>"; empty when valid. */
function unifiedSchemaProblems(manifest) {
  return check(manifest);
}

module.exports = { UNIFIED_SCHEMA_PATH, unifiedSchemaProblems };
