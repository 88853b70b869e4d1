import { spawn } from "node:child_process";
import path from "node:path";
import { HistoryWire } from "@index-data/wire/resources/history";
import { parseRestatement, startReferenceService } from "../../reference-service/src/index";
import { FLAGSHIP, WEDNESDAY, get, list, record, serviceFor } from "./support";

/** Monday 16 June 2025, a business day inside the default history range on WEDNESDAY. */
const MONDAY = "2025-06-16";
const HISTORY = `/api/v1/index/${FLAGSHIP}/history?startDate=2025-06-13&endDate=2025-06-18`;

/** The history point dated `date`, as the service answers it now. */
async function pointOn(service: Parameters<typeof get>[0], date: string): Promise<Record<string, unknown>> {
  const { status, body } = await get(service, HISTORY);
  expect(status).toBe(200);
  expect(HistoryWire.safeParse(body).success).toBe(true);
  const point = list(record(body).values).find((value) => String(record(value).date).startsWith(date));
  return record(point);
}

describe("the restate control", () => {
  const service = serviceFor({ testFaults: true, now: () => WEDNESDAY });
  afterEach(() => service().faults.reset());

  test("a percentage and a status restate the day in history; the other days stay as published", async () => {
    const before = await pointOn(service(), MONDAY);
    const friday = await pointOn(service(), "2025-06-13");
    service().faults.restate({ symbol: FLAGSHIP, date: MONDAY, valuePercent: 1.5, status: "REVISED" });
    const after = await pointOn(service(), MONDAY);
    expect(after.value).toBeCloseTo(Number(before.value) * 1.015, 3);
    expect(after.value).not.toBe(before.value);
    expect(after.status).toBe("REVISED");
    expect(await pointOn(service(), "2025-06-13")).toEqual(friday);
  });

  test("a status alone keeps the value; reset answers as first published again", async () => {
    const before = await pointOn(service(), MONDAY);
    service().faults.restate({ symbol: FLAGSHIP, date: MONDAY, status: "PROVISIONAL" });
    const after = await pointOn(service(), MONDAY);
    expect(after).toEqual({ ...before, status: "PROVISIONAL" });
    service().faults.reset();
    expect(await pointOn(service(), MONDAY)).toEqual(before);
  });

  test("the latest fix shows its day restated", async () => {
    const before = record((await get(service(), `/api/v1/index/${FLAGSHIP}/latest`)).body);
    service().faults.restate({ symbol: FLAGSHIP, date: "2025-06-18", value: 9.8765 });
    const after = record((await get(service(), `/api/v1/index/${FLAGSHIP}/latest`)).body);
    expect(before.value).not.toBe(9.8765);
    expect(after.value).toBe(9.8765);
    expect(after.asOf).toBe(before.asOf);
  });

  test("a restatement that says nothing, or names an unknown index, is refused with what to write", () => {
    expect(() => service().faults.restate({ symbol: FLAGSHIP, date: MONDAY })).toThrow(/give a value/);
    expect(() => service().faults.restate({ symbol: "NOPE", date: MONDAY, value: 2 })).toThrow(/no index "NOPE"/);
    expect(() => service().faults.restate({ symbol: FLAGSHIP, date: "16/06/2025", value: 2 })).toThrow(/YYYY-MM-DD/);
  });
});

describe("--corrections", () => {
  test("the form reads value, percentage, status and a delay", () => {
    const start = new Date("2025-06-18T10:00:00.000Z");
    expect(parseRestatement(`${FLAGSHIP}@${MONDAY}=value:-0.8%,status:REVISED,after:10m`, start)).toEqual({
      symbol: FLAGSHIP,
      date: MONDAY,
      valuePercent: -0.8,
      status: "REVISED",
      from: new Date("2025-06-18T10:10:00.000Z"),
    });
    expect(parseRestatement(`${FLAGSHIP}@${MONDAY}=value:1.9342`, start)).toEqual({
      symbol: FLAGSHIP,
      date: MONDAY,
      value: 1.9342,
    });
    expect(() => parseRestatement(`${FLAGSHIP}=value:2`, start)).toThrow(/SYMBOL@YYYY-MM-DD/);
    expect(() => parseRestatement(`${FLAGSHIP}@${MONDAY}=price:2`, start)).toThrow(/use value, status or after/);
    expect(() => parseRestatement(`${FLAGSHIP}@${MONDAY}=value:1.5%`, start)).toThrow(/signed percentage/);
  });

  test("a restatement with a delay answers as first published until its time, then restated", async () => {
    let now = WEDNESDAY;
    const from = new Date(WEDNESDAY.getTime() + 60_000);
    const first = await startReferenceService({ now: () => now });
    const restated = await startReferenceService({
      now: () => now,
      corrections: [{ symbol: FLAGSHIP, date: MONDAY, status: "REVISED", from }],
    });
    try {
      expect(await pointOn(restated, MONDAY)).toEqual(await pointOn(first, MONDAY));
      now = from;
      expect((await pointOn(restated, MONDAY)).status).toBe("REVISED");
      expect((await pointOn(first, MONDAY)).status).not.toBe("REVISED");
    } finally {
      await Promise.all([first.close(), restated.close()]);
    }
  });

  test("the command line restates the day it names and says so on its start line", async () => {
    const root = path.resolve(__dirname, "../..");
    const child = spawn(
      path.join(root, "node_modules/.bin/tsx"),
      [
        path.join(root, "reference-service/src/main.ts"),
        "--port",
        "0",
        "--corrections",
        `${FLAGSHIP}@2025-06-16=status:REVISED`,
      ],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
    );
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes("\n")) resolve(out.split("\n")[0] ?? "");
        });
        child.on("exit", () => reject(new Error(`exited before its start line: ${out}`)));
      });
      expect(line).toContain(`restating ${FLAGSHIP} 2025-06-16`);
      const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1] ?? "";
      const answer = await fetch(`${url}/api/v1/index/${FLAGSHIP}/history?startDate=${MONDAY}&endDate=${MONDAY}`);
      const values = list(record(await answer.json()).values);
      expect(values.map((value) => record(value).status)).toEqual(["REVISED"]);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  });
});
