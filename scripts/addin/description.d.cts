// Types of scripts/addin/description.cjs for the TypeScript tests.
export interface RibbonAction {
  readonly type: "showTaskpane" | "executeFunction";
  readonly name?: string;
}
export interface RibbonControl {
  readonly id: string;
  readonly label: string;
  readonly tooltip: string;
  readonly action: RibbonAction;
}
export interface RibbonGroup {
  readonly tab: string;
  readonly group: { readonly id: string; readonly label: string; readonly controls: readonly RibbonControl[] };
}
export interface AddinDescription {
  readonly id: string;
  readonly version: string;
  readonly provider: string;
  readonly locale: string;
  readonly name: { readonly short: string; readonly full: string };
  readonly description: { readonly short: string; readonly full: string };
  readonly accentColor: string;
  readonly namespace: string;
  readonly files: Readonly<
    Record<"runtimePage" | "functionsScript" | "functionsMetadata" | "help" | "privacy", string>
  >;
  readonly requirements: Readonly<Record<string, string>>;
  readonly commandRequirements: Readonly<Record<string, string>>;
  readonly permissions: { readonly xml: string; readonly unified: string };
  readonly icons: {
    readonly ribbon: Readonly<Record<number, string>>;
    readonly addin: Readonly<Record<number, string>>;
    readonly color: string;
    readonly outline: string;
  };
  readonly getStarted: { readonly title: string; readonly description: string };
  readonly taskpane: { readonly id: string; readonly actionId: string };
  readonly ribbon: readonly RibbonGroup[];
}
export declare const ADDIN: AddinDescription;
