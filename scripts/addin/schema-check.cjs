// A JSON Schema check that runs offline: ajv with ajv-draft-04 (Microsoft's manifest schemas, and ours written from
// its documentation, are draft-04), formats from ajv-formats. Each schema is compiled once, when first used.
const { existsSync, readFileSync } = require("node:fs");
const Ajv = require("ajv-draft-04");
const addFormats = require("ajv-formats");

/**
 * A function giving every way a parsed document breaks the schema at `schemaPath`, as "<path> <message>" (empty when
 * valid); `missing` says where the schema should come from when it is not there.
 */
function schemaChecker(schemaPath, missing = "") {
  let validate;
  const validator = () => {
    if (validate !== undefined) return validate;
    if (!existsSync(schemaPath)) throw new Error(`schema not found at ${schemaPath}${missing}`);
    // strict off: Microsoft's schema uses keywords and formats ajv's strict mode refuses (e.g. "default" on a $ref).
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    validate = ajv.compile(JSON.parse(readFileSync(schemaPath, "utf8")));
    return validate;
  };
  return (document) => {
    const check = validator();
    if (check(document)) return [];
    return (check.errors ?? []).map(
      (error) =>
        `${error.instancePath || "(root)"} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ""}`,
    );
  };
}

module.exports = { schemaChecker };
