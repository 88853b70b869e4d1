// The `functions` webpack entry: associates every function of functions.json with what Excel calls for it
// (bindings.ts), then marks registration. It runs before the commands and the taskpane (webpack.config.js).
import { associateCustomFunction } from "../office";
import { FUNCTIONS } from "./bindings";
import { markFunctionsRegistered } from "./registration-mark";

for (const [id, implementation] of Object.entries(FUNCTIONS)) associateCustomFunction(id, implementation);
markFunctionsRegistered();
