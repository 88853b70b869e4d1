import { checkSignIn, type SignInConfig, type SignInInput } from "@index-data/wire";

/**
 * The gateway sign-in as three form fields: which field a refusal belongs to, so each field says what to type.
 * The rules themselves stay in @index-data/wire (their one owner, shared with the build and the client): a field is checked
 * by those rules beside valid values for the other two.
 */

/** One of the three sign-in fields. */
export type SignInPart = keyof SignInConfig;

export const SIGN_IN_PARTS: readonly SignInPart[] = ["clientId", "authority", "scope"];

/** Values the rules accept, to check one field at a time. Never used as a sign-in. */
const ACCEPTED: Readonly<SignInConfig> = {
  clientId: "00000000-0000-0000-0000-000000000000",
  authority: "https://login.microsoftonline.com/common",
  scope: "api://gateway/.default",
};

/** An example of each field, as its hint and its "missing" message show it. */
export const SIGN_IN_EXAMPLES: Readonly<Record<SignInPart, string>> = {
  clientId: "0a1b2c3d-0000-4000-8000-00000000abcd (the add-in's app registration id, a GUID)",
  authority: "https://login.microsoftonline.com/<tenant id>",
  scope: "api://<gateway app>/.default or api://<gateway app>/Indexes.Read (a scope of your gateway's own API)",
};

const MISSING_WORDS: Readonly<Record<SignInPart, string>> = {
  clientId: "client id",
  authority: "authority",
  scope: "scope",
};

function missing(part: SignInPart): string {
  return `Enter the ${MISSING_WORDS[part]} too, e.g. ${SIGN_IN_EXAMPLES[part]}. Or clear all three sign-in fields.`;
}

/** Whether every field is empty (no sign-in of the user's own: the build's, if any). */
export function signInCleared(input: SignInInput): boolean {
  return SIGN_IN_PARTS.every((part) => (input[part]?.trim() ?? "") === "");
}

/**
 * One message per sign-in field that is wrong: empty while another is filled in, or refused by its rule.
 * Empty when all three are empty or all three pass.
 */
export function signInFieldErrors(input: SignInInput): Partial<Record<SignInPart, string>> {
  if (signInCleared(input)) return {};
  const errors: Partial<Record<SignInPart, string>> = {};
  for (const part of SIGN_IN_PARTS) {
    const text = input[part]?.trim() ?? "";
    if (text === "") {
      errors[part] = missing(part);
      continue;
    }
    const checked = checkSignIn({ ...ACCEPTED, [part]: text });
    if (!checked.ok) errors[part] = checked.message;
  }
  return errors;
}
