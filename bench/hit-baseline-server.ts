// The baseline of any Node server on the hit-path benchmark: a bare node:http server, in a process of its own, answering
// every GET with the bytes of the file it is given and the headers a gateway hit carries, and doing nothing else (no
// token, no routing, no cache, no log). Started by bench/gateway-hits.ts: `node --import tsx bench/hit-baseline-server.ts FILE`.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const body = readFileSync(process.argv[2] ?? "", "utf8");
const headers = {
  "content-type": "application/json; charset=utf-8",
  age: "1",
  "cache-control": "private, max-age=43200, stale-if-error=86400",
  "cache-status": "IndexDataGateway; hit; ttl=43200",
  "x-ratelimit-limit": "1000",
  "x-ratelimit-remaining": "999",
  "x-ratelimit-reset": "40",
  "ratelimit-policy": '"desk";q=1000;w=60',
  ratelimit: '"desk";r=999;t=40',
};
const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port};`);
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));
