import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The gateway's admin's guide and its reference each stay short enough to read through; what does not fit has a
 * page of its own (sign-in, MCP, tests and figures), linked from both.
 */
const DOCS = join(__dirname, "..", "..", "docs");
const MAX_LINES = 400;

test.each(["gateway.md", "gateway-reference.md"])(`docs/%s is at most ${MAX_LINES} lines`, (page) => {
  const lines = readFileSync(join(DOCS, page), "utf8").split("\n").length - 1;
  expect(lines).toBeGreaterThan(100);
  expect(lines).toBeLessThanOrEqual(MAX_LINES);
});

test("the guide and the reference link each other and the pages beside them", () => {
  const guide = readFileSync(join(DOCS, "gateway.md"), "utf8");
  const reference = readFileSync(join(DOCS, "gateway-reference.md"), "utf8");
  for (const page of ["gateway-reference.md", "gateway-sign-in.md", "gateway-mcp.md", "gateway-tests.md"])
    expect({ page, linked: guide.includes(`](${page}`) }).toEqual({ page, linked: true });
  expect(reference).toContain("](gateway.md)");
});
