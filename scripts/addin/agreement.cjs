// Whether the two manifests of a build describe the same add-in. Each is read back on its own terms (the XML by
// its resids, the JSON by its action ids), never from the description both came from, so a generator that
// drifts is caught: same id and version, functions metadata, runtime page and script, namespace, permissions,
// requirement sets and ribbon commands, and every URL on the deploy base.

/** Unified resource-specific permission for each XML <Permissions> value. */
const PERMISSION_OF_XML = { ReadDocument: "Document.Read.User", ReadWriteDocument: "Document.ReadWrite.User" };

const withoutComments = (xml) => xml.replace(/<!--[\s\S]*?-->/g, "");
const first = (text, regex) => regex.exec(text)?.[1];

function resources(xml, tag) {
  return new Map(
    [...xml.matchAll(new RegExp(`<${tag} id="([^"]+)" DefaultValue="([^"]*)"`, "g"))].map((m) => [
      m[1],
      unescape(m[2]),
    ]),
  );
}

function unescape(text) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function xmlCommands(body, strings) {
  const commands = [];
  for (const tab of body.matchAll(/<OfficeTab id="([^"]+)">([\s\S]*?)<\/OfficeTab>/g)) {
    for (const control of tab[2].matchAll(/<Control xsi:type="Button" id="([^"]+)">([\s\S]*?)<\/Control>/g)) {
      const text = control[2];
      const functionName = first(text, /<FunctionName>([^<]+)<\/FunctionName>/);
      commands.push({
        tab: tab[1],
        id: control[1],
        label: strings.get(first(text, /<Label resid="([^"]+)"/) ?? ""),
        tooltip: strings.get(first(text, /<Description resid="([^"]+)"/) ?? ""),
        action: /xsi:type="ShowTaskpane"/.test(text) ? "open the task pane" : `run ${functionName}`,
      });
    }
  }
  return commands;
}

/** What the XML manifest says, resids resolved. */
function xmlFacts(xml) {
  const body = withoutComments(xml);
  const urls = resources(body, "bt:Url");
  const strings = new Map([...resources(body, "bt:String")]);
  const urlOf = (regex) => urls.get(first(body, regex) ?? "");
  return {
    id: first(body, /<Id>([^<]+)<\/Id>/),
    version: first(body, /<Version>([^<]+)<\/Version>/),
    runtimePage: urlOf(/<Runtime resid="([^"]+)"/),
    functionsScript: urlOf(/<Script>\s*<SourceLocation resid="([^"]+)"/),
    functionsMetadata: urlOf(/<Metadata>\s*<SourceLocation resid="([^"]+)"/),
    namespace: strings.get(first(body, /<Namespace resid="([^"]+)"/) ?? ""),
    permission: PERMISSION_OF_XML[first(body, /<Permissions>([^<]+)<\/Permissions>/) ?? ""],
    requirements: [...body.matchAll(/<Set Name="([^"]+)" MinVersion="([^"]+)"\/>/g)]
      .map((m) => `${m[1]} ${m[2]}`)
      .sort(),
    commands: xmlCommands(body, strings),
  };
}

/** What the unified manifest says, action ids resolved. */
function unifiedFacts(manifest) {
  const extension = manifest.extensions?.[0] ?? {};
  const runtime = extension.runtimes?.[0] ?? {};
  const actionType = new Map((runtime.actions ?? []).map((action) => [action.id, action.type]));
  const commands = (extension.ribbons ?? []).flatMap((ribbon) =>
    (ribbon.tabs ?? []).flatMap((tab) =>
      (tab.groups ?? []).flatMap((group) =>
        (group.controls ?? []).map((control) => ({
          tab: tab.builtInTabId,
          id: control.id,
          label: control.label,
          tooltip: control.supertip?.description,
          action: actionType.get(control.actionId) === "openPage" ? "open the task pane" : `run ${control.actionId}`,
        })),
      ),
    ),
  );
  return {
    id: manifest.id,
    version: manifest.version,
    runtimePage: runtime.code?.page,
    functionsScript: runtime.code?.script,
    functionsMetadata: runtime.customFunctions?.metadataUrl,
    namespace: runtime.customFunctions?.namespace?.id,
    permission: manifest.authorization?.permissions?.resourceSpecific?.[0]?.name,
    requirements: (extension.requirements?.capabilities ?? []).map((c) => `${c.name} ${c.minVersion}`).sort(),
    commands,
  };
}

/** Every absolute URL a parsed JSON value holds, but the schema's own address. */
function jsonUrls(value, key = "") {
  if (typeof value === "string") return key !== "$schema" && /^\w+:\/\//.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => jsonUrls(item));
  if (value !== null && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => jsonUrls(v, k));
  return [];
}

/**
 * The ways the XML manifest (text) and the unified manifest (parsed) of one build disagree, as sentences; empty
 * when they agree. `baseUrl` is the build's deploy base: every URL of both must be a file under it.
 */
function agreementProblems(xml, manifest, baseUrl, xmlUrls) {
  const xmlSays = xmlFacts(xml);
  const jsonSays = unifiedFacts(manifest);
  const problems = [];
  for (const key of Object.keys(xmlSays)) {
    const [a, b] = [JSON.stringify(xmlSays[key]), JSON.stringify(jsonSays[key])];
    if (a !== b || a === undefined)
      problems.push(`the manifests disagree on ${key}: manifest.xml says ${a}, manifest.json says ${b}`);
  }
  const offBase = [...xmlUrls, ...jsonUrls(manifest)].filter((url) => !url.startsWith(baseUrl));
  problems.push(...[...new Set(offBase)].map((url) => `URL ${url} is not on the deploy base ${baseUrl}`));
  return problems;
}

module.exports = { xmlFacts, unifiedFacts, jsonUrls, agreementProblems };
