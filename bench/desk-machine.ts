// One machine of a desk, in a process of its own (as a trader's PC is): it opens the workbooks it is told to,
// each a request engine, as their shared runtimes would. Workbooks of one machine share the budget over a
// BroadcastChannel, as they do in Excel; machines share nothing but the service's headers. Started by bench/desk.ts.
import { RequestEngine } from "../src/engine";
import { MemoryStorage } from "../src/settings";
import { isCellError, type FormulaEnv } from "../src/formulas";
import { evaluateCell } from "./measure";
import type { SheetCell } from "./sheet";

export interface MachineTask {
  readonly url: string;
  readonly windowMs: number;
  readonly workbooks: readonly (readonly SheetCell[])[];
}

export interface MachineReport {
  readonly errors: readonly string[];
}

process.once("message", (task: MachineTask) => {
  void (async () => {
    const engines: RequestEngine[] = [];
    const books = task.workbooks.map((cells) => {
      const engine = new RequestEngine(
        { baseUrl: task.url },
        { storage: new MemoryStorage(), rateWindowMs: task.windowMs },
      );
      engines.push(engine);
      const env: FormulaEnv = {
        source: engine,
        caps: { formattedNumbers: true },
        settleMs: engine.options.settleBoundMs,
      };
      return Promise.all(cells.map((cell) => evaluateCell(env, cell)));
    });
    const results = (await Promise.all(books)).flat();
    for (const engine of engines) engine.close();
    const report: MachineReport = { errors: results.filter(isCellError).map((e) => e.message) };
    process.send?.(report, () => process.exit(0));
  })();
});
