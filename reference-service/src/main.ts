/**
 * Command line: `npm run serve:reference -- [--flavor newer|older] [--port 3001] [--host 127.0.0.1]`.
 * Fault injection cannot be switched on from here; it exists for tests only.
 */
import { parseArgs } from "node:util";
import { startReferenceService, type Flavor } from "./index";

const USAGE = "Usage: serve:reference [--flavor newer|older] [--port 3001] [--host 127.0.0.1]";

function parseCommandLine(argv: readonly string[]): { flavor: Flavor; port: number; host: string } {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      flavor: { type: "string", default: "newer" },
      port: { type: "string", default: "3001" },
      host: { type: "string", default: "127.0.0.1" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const { flavor, port, host } = values;
  if (flavor !== "newer" && flavor !== "older")
    throw new Error(`--flavor must be "newer" or "older", got "${flavor}".`);
  const portNumber = /^\d+$/.test(port) ? Number(port) : Number.NaN;
  if (!(portNumber >= 0 && portNumber <= 65_535))
    throw new Error(`--port must be a number from 0 to 65535, got "${port}".`);
  return { flavor, port: portNumber, host };
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseCommandLine>;
  try {
    options = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  const service = await startReferenceService({ ...options, logger: false });
  console.log(`Reference Index Data Service (${service.flavor} description) listening on ${service.url}`);
  const stop = () => {
    service.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(`Reference service failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
