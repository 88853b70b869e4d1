/** The keys of `T` whose value may be undefined. */
type MaybeKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T];

/** `T` with each field that may be undefined made optional instead, and never undefined when present. */
export type DefinedOnly<T> = { [K in Exclude<keyof T, MaybeKeys<T>>]: T[K] } & {
  [K in MaybeKeys<T>]?: Exclude<T[K], undefined>;
};

/**
 * `fields` without those that are undefined, in their order. Most optional fields are typed `?: T | undefined` and
 * given as they are; this is for the few objects whose reader tells a missing key from one set to undefined: a
 * library's types (Office.js values, Fluent's slots, Fastify's options), or a record shown key by key (a spill, the
 * command line's table), where a key set to undefined would show as an empty field.
 */
export function definedOnly<T extends object>(fields: T): DefinedOnly<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as DefinedOnly<T>;
}
