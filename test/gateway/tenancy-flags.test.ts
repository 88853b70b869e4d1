import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { UsageError, parseCommandLine } from "../../gateway/src/cli/args";
import { tenantShareRules } from "../../gateway/src/tenancy/tenant-weights";
import { useTempFolder } from "../support/temp-folder";

/** The flags of tenancy and metrics: --oidc-tenant-share, --oidc-tenant-weights, --metrics-subjects. */
const BASE = ["--upstream", "https://indexes.example.com", "--port", "0", "--tokens", "t.txt"];
const SIGN_IN = ["--oidc-issuer", "https://login.example.com/{tenantid}/v2.0", "--oidc-audience", "api://gw"];
/** The weights file a test writes; removed after the tests. */
const folder = useTempFolder("tenant-weights-");

test("--oidc-tenant-share shares the budget per tenant: evenly among the desk and the allowed tenants, or by a file", () => {
  const even = parseCommandLine([...BASE, ...SIGN_IN, "--oidc-allowed-tenant", "t1", "--oidc-tenant-share"]);
  expect(even).toMatchObject({ tenantShare: {} });
  expect(tenantShareRules({ allowedTenants: ["t1", "t2"], deskTokens: true })).toEqual({
    weights: new Map([
      ["desk", 1],
      ["tid:t1", 1],
      ["tid:t2", 1],
    ]),
    othersWeight: 0,
  });
  // No allowed tenant: every tenant the issuer signs for shares one part beside the desk's.
  expect(tenantShareRules({ allowedTenants: [], deskTokens: false })).toEqual({ weights: new Map(), othersWeight: 1 });

  const file = join(folder(), "weights.txt");
  writeFileSync(file, "desk 1\nt1 3\n");
  const weighted = parseCommandLine([
    ...BASE,
    ...SIGN_IN,
    "--oidc-allowed-tenant",
    "t1",
    "--oidc-tenant-weights",
    file,
  ]);
  expect(weighted).toMatchObject({ tenantShare: { weightsFile: file } });
  expect(tenantShareRules({ weightsFile: file, allowedTenants: [], deskTokens: true }).weights.get("tid:t1")).toBe(3);

  expect(() => parseCommandLine([...BASE, "--oidc-tenant-share"])).toThrow(
    new UsageError("--oidc-tenant-share and --oidc-tenant-weights need sign-in (--oidc-issuer): tenants come from it."),
  );
});

test("--metrics-subjects says whose figures get series of their own: users or tenants, the N busiest", () => {
  expect(parseCommandLine(BASE)).not.toHaveProperty("metricsSubjects");
  expect(parseCommandLine([...BASE, "--metrics-subjects", "tenant"])).toMatchObject({
    metricsSubjects: { by: "tenant", top: 20 },
  });
  expect(parseCommandLine([...BASE, "--metrics-subjects", "user:5"])).toMatchObject({
    metricsSubjects: { by: "user", top: 5 },
  });
  for (const wrong of ["users", "user:", "user:1001", "tenant:-1"])
    expect(() => parseCommandLine([...BASE, "--metrics-subjects", wrong])).toThrow(UsageError);
});
