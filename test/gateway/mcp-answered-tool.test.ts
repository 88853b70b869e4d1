import type { ArgsOf, ResourceName } from "@index-data/wire";
import { answeredBy } from "../../gateway/src/mcp/answered-tool";
import type { ReadValue } from "../../gateway/src/mcp/resource-reader";
import type { ToolContext } from "../../gateway/src/mcp/tool-context";
import { startReferenceService, type RunningReferenceService } from "../../reference-service/src";
import { IndexDataClient } from "../../src/client";

/*
 * A tool whose function's row names the resource it answers (`mcp.answers`, as the throw-away function's get_echo
 * does) needs no handler of its own: the resource is read with the tool's arguments in order, and its data answered
 * as the service gave it, with how it was served and the service's words quoted in the text.
 */
const SYMBOL = "RTM-NWE-A-1x3";
let service: RunningReferenceService;

beforeAll(async () => {
  service = await startReferenceService({ port: 0, rateLimits: { anonymous: 100_000 } });
});
afterAll(async () => {
  await service?.close();
});

/** A tool's context reading from the reference service over HTTP, noting each read. */
function contextOn(asked: { name: string; args: unknown[] }[]): ToolContext {
  const client = new IndexDataClient({ baseUrl: service.url });
  return {
    now: () => Date.now(),
    room: 100_000,
    pause: () => Promise.resolve(),
    read: async <N extends ResourceName>(name: N, args: ArgsOf<N>): Promise<ReadValue<N>> => {
      asked.push({ name, args: [...args] });
      const answer = await client.withResponse(name, args);
      return { data: answer.data, path: `/${name}`, how: "miss", fetchedAt: Date.parse(answer.meta.producedAt) };
    },
  };
}

test("answers the resource read with the given arguments in order, as the service gave it", async () => {
  const asked: { name: string; args: unknown[] }[] = [];
  const handler = answeredBy("volatility", ["symbol", "windowDays"]);
  const answer = await handler({ symbol: SYMBOL, windowDays: 90 }, contextOn(asked));
  expect(asked).toEqual([{ name: "volatility", args: [SYMBOL, 90] }]);
  const direct = await new IndexDataClient({ baseUrl: service.url }).volatility(SYMBOL, 90);
  expect(answer.structured).toMatchObject({
    answer: { ...direct },
    served: { cache: "miss", resource: "/volatility" },
  });
  expect(answer.text.text).toBe(`The service's volatility answer: ${JSON.stringify(JSON.stringify(direct))}.`);
});

test("leaves out an optional argument not given", async () => {
  const asked: { name: string; args: unknown[] }[] = [];
  await answeredBy("latest", ["symbol", "field"])({ symbol: SYMBOL }, contextOn(asked));
  expect(asked).toEqual([{ name: "latest", args: [SYMBOL] }]);
});
