// The `functions` entry: associates every function of functions.json with what Excel calls for it (bindings.ts),
// bound to the app context's cells, then marks registration. It runs before the commands and the taskpane
// (webpack.config.js).
import { associateCustomFunction, appContext } from "../office";
import { bindFunctions } from "./bindings";
import { markFunctionsRegistered } from "./registration-mark";
import { CellEvaluator } from "./cell-evaluator";

for (const [id, implementation] of Object.entries(bindFunctions(new CellEvaluator(appContext))))
  associateCustomFunction(id, implementation);
markFunctionsRegistered();
