// Types of scripts/enum-table.cjs for the TypeScript tests.
export declare function enumTable(): Promise<string>;
export declare function enumTableCurrent(): Promise<boolean>;
