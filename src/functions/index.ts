// The `functions` webpack entry: every custom-function file of the INDEX namespace. The metadata plugin
// appends each file's CustomFunctions.associate calls, so importing a file registers its functions.
import "./catalogue.functions";
import "./history.functions";
import "./analytics.functions";
import "./service.functions";
import "./live.functions";
import "./periods.functions";
import "./card.functions";
import "./entity.functions";
import { markFunctionsRegistered } from "./registration-mark";

// Imports run first, so by here every function is associated.
markFunctionsRegistered();
