// The `functions` entry: associates every function of functions.json with what Excel calls for it (bindings.ts),
// bound to the shared runtime's cells, then marks registration. It runs before the commands and the taskpane
// (webpack.config.js).
import { associateCustomFunction, sharedRuntime } from "../office";
import { bindFunctions } from "./bindings";
import { markFunctionsRegistered } from "./registration-mark";
import { CellRuntime } from "./runtime";

for (const [id, implementation] of Object.entries(bindFunctions(new CellRuntime(sharedRuntime))))
  associateCustomFunction(id, implementation);
markFunctionsRegistered();
