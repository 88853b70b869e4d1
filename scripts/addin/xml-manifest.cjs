// The add-in only manifest (XML) rendered from the one description (description.cjs) for one deploy base.
// Element order follows Microsoft's XSD (../shared/schemas/office-manifest), which the manifest check enforces.

/** Text safe inside an XML attribute value. */
function attr(text) {
  return String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A control's or group's resid stem: its id without the "IndexData." prefix (resids hold at most 32 characters). */
function stem(id) {
  return id.replace(/^IndexData\./, "");
}

function iconSet(indent) {
  return [
    `${indent}<Icon>`,
    ...[16, 32, 80].map((size) => `${indent}  <bt:Image size="${size}" resid="Icon.${size}x${size}"/>`),
    `${indent}</Icon>`,
  ];
}

function actionOf(control, addin, indent) {
  if (control.action.type === "showTaskpane") {
    return [
      `${indent}<Action xsi:type="ShowTaskpane">`,
      `${indent}  <TaskpaneId>${attr(addin.taskpane.id)}</TaskpaneId>`,
      `${indent}  <SourceLocation resid="Taskpane.Url"/>`,
      `${indent}</Action>`,
    ];
  }
  return [
    `${indent}<!-- Registered in src/commands with Office.actions.associate("${attr(control.action.name)}", ...). -->`,
    `${indent}<Action xsi:type="ExecuteFunction">`,
    `${indent}  <FunctionName>${attr(control.action.name)}</FunctionName>`,
    `${indent}</Action>`,
  ];
}

function controlXml(control, addin, indent) {
  const key = stem(control.id);
  return [
    `${indent}<Control xsi:type="Button" id="${attr(control.id)}">`,
    `${indent}  <Label resid="${key}.Label"/>`,
    `${indent}  <Supertip>`,
    `${indent}    <Title resid="${key}.Label"/>`,
    `${indent}    <Description resid="${key}.Tooltip"/>`,
    `${indent}  </Supertip>`,
    ...iconSet(`${indent}  `),
    ...actionOf(control, addin, `${indent}  `),
    `${indent}</Control>`,
  ];
}

function ribbonXml(addin, indent) {
  return addin.ribbon.flatMap(({ tab, group }) => [
    `${indent}<OfficeTab id="${attr(tab)}">`,
    `${indent}  <Group id="${attr(group.id)}">`,
    `${indent}    <Label resid="${stem(group.id)}.Label"/>`,
    ...iconSet(`${indent}    `),
    ...group.controls.flatMap((control) => controlXml(control, addin, `${indent}    `)),
    `${indent}  </Group>`,
    `${indent}</OfficeTab>`,
  ]);
}

/** Every string resource: [resid, text], short ones (at most 125 characters) apart from long ones. */
function stringResources(addin) {
  const controls = addin.ribbon.flatMap(({ group }) => group.controls);
  const short = [
    ["Functions.Namespace", addin.namespace],
    ["GetStarted.Title", addin.getStarted.title],
    ...addin.ribbon.map(({ group }) => [`${stem(group.id)}.Label`, group.label]),
    ...controls.map((control) => [`${stem(control.id)}.Label`, control.label]),
  ];
  const long = [
    ["GetStarted.Description", addin.getStarted.description],
    ...controls.map((control) => [`${stem(control.id)}.Tooltip`, control.tooltip]),
  ];
  return { short, long };
}

function resourcesXml(addin, url, metadataFile, indent) {
  const strings = stringResources(addin);
  const entry = (tag, [id, value]) => `${indent}    <${tag} id="${attr(id)}" DefaultValue="${attr(value)}"/>`;
  const urls = [
    ["Taskpane.Url", url(addin.files.runtimePage)],
    ["Functions.Script.Url", url(addin.files.functionsScript)],
    ["Functions.Metadata.Url", url(metadataFile)],
    ["GetStarted.LearnMoreUrl", url(addin.files.help)],
  ];
  return [
    `${indent}<Resources>`,
    `${indent}  <bt:Images>`,
    ...Object.entries(addin.icons.ribbon).map(([size, file]) => entry("bt:Image", [`Icon.${size}x${size}`, url(file)])),
    `${indent}  </bt:Images>`,
    `${indent}  <bt:Urls>`,
    ...urls.map((pair) => entry("bt:Url", pair)),
    `${indent}  </bt:Urls>`,
    `${indent}  <bt:ShortStrings>`,
    ...strings.short.map((pair) => entry("bt:String", pair)),
    `${indent}  </bt:ShortStrings>`,
    `${indent}  <bt:LongStrings>`,
    ...strings.long.map((pair) => entry("bt:String", pair)),
    `${indent}  </bt:LongStrings>`,
    `${indent}</Resources>`,
  ];
}

function customFunctionsXml(indent) {
  return [
    `${indent}<AllFormFactors>`,
    `${indent}  <ExtensionPoint xsi:type="CustomFunctions">`,
    `${indent}    <Script>`,
    `${indent}      <SourceLocation resid="Functions.Script.Url"/>`,
    `${indent}    </Script>`,
    `${indent}    <Page>`,
    `${indent}      <SourceLocation resid="Taskpane.Url"/>`,
    `${indent}    </Page>`,
    `${indent}    <Metadata>`,
    `${indent}      <SourceLocation resid="Functions.Metadata.Url"/>`,
    `${indent}    </Metadata>`,
    `${indent}    <Namespace resid="Functions.Namespace"/>`,
    `${indent}  </ExtensionPoint>`,
    `${indent}</AllFormFactors>`,
  ];
}

function versionOverridesXml(addin, url, metadataFile) {
  const i = "        ";
  return [
    '  <VersionOverrides xmlns="http://schemas.microsoft.com/office/taskpaneappversionoverrides" xsi:type="VersionOverridesV1_0">',
    "    <Hosts>",
    '      <Host xsi:type="Workbook">',
    "        <!-- The same resid (Taskpane.Url) everywhere below, or Office starts separate runtimes. -->",
    "        <Runtimes>",
    '          <Runtime resid="Taskpane.Url" lifetime="long"/>',
    "        </Runtimes>",
    ...customFunctionsXml(i),
    `${i}<DesktopFormFactor>`,
    `${i}  <GetStarted>`,
    `${i}    <Title resid="GetStarted.Title"/>`,
    `${i}    <Description resid="GetStarted.Description"/>`,
    `${i}    <LearnMoreUrl resid="GetStarted.LearnMoreUrl"/>`,
    `${i}  </GetStarted>`,
    `${i}  <FunctionFile resid="Taskpane.Url"/>`,
    `${i}  <ExtensionPoint xsi:type="PrimaryCommandSurface">`,
    ...ribbonXml(addin, `${i}    `),
    `${i}  </ExtensionPoint>`,
    `${i}</DesktopFormFactor>`,
    "      </Host>",
    "    </Hosts>",
    ...resourcesXml(addin, url, metadataFile, "    "),
    "  </VersionOverrides>",
  ];
}

/**
 * The XML manifest for `baseUrl` (ends in "/"), naming `metadataFile` as the functions metadata. `note` is the
 * comment at the top, saying where the file comes from.
 */
function xmlManifest(addin, { baseUrl, metadataFile, note }) {
  const url = (file) => `${baseUrl}${file}`;
  const sets = Object.entries(addin.requirements).map(
    ([name, min]) => `      <Set Name="${attr(name)}" MinVersion="${attr(min)}"/>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!--\n${note
      .split("\n")
      .map((line) => `  ${line}`.trimEnd())
      .join("\n")}\n-->`,
    '<OfficeApp xmlns="http://schemas.microsoft.com/office/appforoffice/1.1"',
    '           xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    '           xmlns:bt="http://schemas.microsoft.com/office/officeappbasictypes/1.0"',
    '           xmlns:ov="http://schemas.microsoft.com/office/taskpaneappversionoverrides"',
    '           xsi:type="TaskPaneApp">',
    `  <Id>${attr(addin.id)}</Id>`,
    `  <Version>${attr(addin.version)}</Version>`,
    `  <ProviderName>${attr(addin.provider)}</ProviderName>`,
    `  <DefaultLocale>${attr(addin.locale)}</DefaultLocale>`,
    `  <DisplayName DefaultValue="${attr(addin.name.short)}"/>`,
    `  <Description DefaultValue="${attr(addin.description.full)}"/>`,
    `  <IconUrl DefaultValue="${attr(url(addin.icons.addin[32]))}"/>`,
    `  <HighResolutionIconUrl DefaultValue="${attr(url(addin.icons.addin[64]))}"/>`,
    `  <SupportUrl DefaultValue="${attr(url(addin.files.help))}"/>`,
    "  <!-- No AppDomains: the add-in never navigates away from its own origin; the service is reached with fetch (CORS). -->",
    "  <Hosts>",
    '    <Host Name="Workbook"/>',
    "  </Hosts>",
    "  <Requirements>",
    '    <Sets DefaultMinVersion="1.1">',
    ...sets,
    "    </Sets>",
    "  </Requirements>",
    "  <DefaultSettings>",
    `    <SourceLocation DefaultValue="${attr(url(addin.files.runtimePage))}"/>`,
    "  </DefaultSettings>",
    "  <!-- Custom functions and the Refresh command read and recalculate the workbook. -->",
    `  <Permissions>${attr(addin.permissions.xml)}</Permissions>`,
    ...versionOverridesXml(addin, url, metadataFile),
    "</OfficeApp>",
    "",
  ].join("\n");
}

module.exports = { xmlManifest };
