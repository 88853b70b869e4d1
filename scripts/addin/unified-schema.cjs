// Offline validation of a unified manifest against Microsoft's JSON Schema 1.25 (draft-04) in
// ../shared/schemas/unified-manifest: ajv with ajv-draft-04, formats from ajv-formats. No network.
const { existsSync, readFileSync } = require("node:fs");
const path = require("node:path");
const Ajv = require("ajv-draft-04");
const addFormats = require("ajv-formats");
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

let validate;
function validator() {
  if (validate !== undefined) return validate;
  if (!existsSync(UNIFIED_SCHEMA_PATH))
    throw new Error(`schema not found at ${UNIFIED_SCHEMA_PATH} (the repo expects ../shared beside it)`);
  // strict off: Microsoft's schema uses keywords and formats ajv's strict mode refuses (e.g. "default" on a $ref).
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  validate = ajv.compile(JSON.parse(readFileSync(UNIFIED_SCHEMA_PATH, "utf8")));
  return validate;
}

/** Every way `manifest` (parsed JSON) breaks the schema, as "<path> <message>"; empty when valid. */
function unifiedSchemaProblems(manifest) {
  const check = validator();
  if (check(manifest)) return [];
  return (check.errors ?? []).map(
    (error) =>
      `${error.instancePath || "(root)"} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ""}`,
  );
}

module.exports = { UNIFIED_SCHEMA_PATH, unifiedSchemaProblems };
