import { UsageError, parseCommandLine, type ServeCommand } from "../../gateway/src/cli/args";
import { runGatewayCommand } from "./support/gateway-process";

/** The sign-in flags of the command line: what it accepts, and what it refuses (usage errors, exit code 2). */
const BASE = ["--upstream", "https://indexes.example.com", "--port", "0", "--tokens", "tokens.txt"];
const ENTRA = ["--oidc-issuer", "https://login.microsoftonline.com/{tenantid}/v2.0", "--oidc-audience", "api://gw"];

function refusal(argv: readonly string[]): string {
  try {
    parseCommandLine(argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error(`accepted: ${argv.join(" ")}`);
}

test("an issuer with {tenantid} needs the tenants that may sign in", () => {
  expect(refusal([...BASE, ...ENTRA])).toMatch(
    /^--oidc-issuer with \{tenantid\} accepts a token of any tenant the issuer signs for: name each tenant .* with --oidc-allowed-tenant T/,
  );
  const tenants = ["--oidc-allowed-tenant", "t-1", "--oidc-allowed-tenant", "t-2"];
  expect(parseCommandLine([...BASE, ...ENTRA, ...tenants])).toMatchObject({
    signIn: { issuer: "https://login.microsoftonline.com/{tenantid}/v2.0", allowedTenants: ["t-1", "t-2"] },
  });
  // An issuer of one tenant names it already.
  const own = ["--oidc-issuer", "https://login.microsoftonline.com/t-1/v2.0", "--oidc-audience", "api://gw"];
  expect(parseCommandLine([...BASE, ...own])).toMatchObject({ signIn: { allowedTenants: [] } });
});

test("--oidc-keys-max-age sets the key set's maximum age in seconds, from a minute to a day", () => {
  const tenant = ["--oidc-allowed-tenant", "t-1"];
  expect(parseCommandLine([...BASE, ...ENTRA, ...tenant, "--oidc-keys-max-age", "120"])).toMatchObject({
    signIn: { keysMaxAgeMs: 120_000 },
  });
  expect((parseCommandLine([...BASE, ...ENTRA, ...tenant]) as ServeCommand).signIn?.keysMaxAgeMs).toBeUndefined();
  expect(refusal([...BASE, ...ENTRA, ...tenant, "--oidc-keys-max-age", "10"])).toBe(
    '--oidc-keys-max-age must be a whole number from 60 to 86400, got "10".',
  );
  expect(refusal([...BASE, "--oidc-keys-max-age", "120"])).toMatch(/need --oidc-issuer URL and --oidc-audience AUD/);
});

test("the gateway refuses to start on an issuer with {tenantid} and no allowed tenant: usage, exit code 2", async () => {
  const run = await runGatewayCommand([...BASE, ...ENTRA]);
  expect(run.code).toBe(2);
  expect(run.output).toContain("--oidc-issuer with {tenantid} accepts a token of any tenant");
  expect(run.output).not.toMatch(/listening on/);
});
