import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { devPort } from "../../scripts/dev-ports.cjs";
import { devIndexHtml } from "../../scripts/dev-index.cjs";

const ROOT = join(__dirname, "..", "..");

test("ADDIN_PORT and REFERENCE_PORT default to 3000 and 3001, are read as given, and a bad one says what to set", () => {
  expect([devPort("ADDIN_PORT", {}), devPort("REFERENCE_PORT", { REFERENCE_PORT: " " })]).toEqual([3000, 3001]);
  expect([
    devPort("ADDIN_PORT", { ADDIN_PORT: "3400" }),
    devPort("REFERENCE_PORT", { REFERENCE_PORT: "3401" }),
  ]).toEqual([3400, 3401]);
  for (const bad of ["80", "70000", "3e3", "port"]) {
    expect(() => devPort("ADDIN_PORT", { ADDIN_PORT: bad })).toThrow(
      `ADDIN_PORT "${bad}" must be a port number from 1024 to 65535 (default 3000)`,
    );
  }
});

test("the manifest written for development names the chosen ADDIN_PORT in every URL", () => {
  const script =
    'const x = require("./scripts/addin/manifest-files.cjs").devManifestXml(); process.stdout.write(JSON.stringify([...new Set(x.match(/https:\\/\\/localhost[^/"]*/g))]))';
  const origins = (port: string) =>
    JSON.parse(
      execFileSync(process.execPath, ["-e", script], {
        cwd: ROOT,
        env: { ...process.env, ADDIN_PORT: port },
      }).toString(),
    ) as unknown;
  expect(origins("3400")).toEqual(["https://localhost:3400"]);
  expect(origins("")).toEqual(["https://localhost:3000"]);
});

test("the dev server's index page links the task pane, the preview and every doc", () => {
  const html = devIndexHtml(join(ROOT, "docs"));
  const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
  expect(links).toEqual(
    expect.arrayContaining(["taskpane.html", "preview.html", "docs/architecture.md", "docs/gateway.md"]),
  );
});

test("office-addin-dev-certs, which npm start runs on a machine without certificates, loads its CLI", () => {
  // office-addin-cli requires office-addin-usage-data without declaring it: a lockfile change that stops hoisting it
  // breaks npm start on a fresh machine, and nothing else in the suite would notice.
  const help = execFileSync(
    process.execPath,
    [join(ROOT, "node_modules", "office-addin-dev-certs", "cli.js"), "--help"],
    {
      cwd: ROOT,
    },
  ).toString();
  expect(help).toMatch(/install/);
});
