import { fixtureNames, readFixture, schemaFor } from "./support/fixtures";

// Every fixture must pass the client's wire schema, except `error.*` ones, which must fail it.
describe("fixture files", () => {
  it.each(fixtureNames())("%s parses exactly when its name says it should", (name) => {
    const result = schemaFor(name).safeParse(readFixture(name));
    expect(result.success).toBe(!name.startsWith("error."));
  });
});
