import { Field, Text } from "@fluentui/react-components";
import type { CredentialInUse } from "../../../office";
import type { SignInStatusProps } from "./SettingsPanel.types";

const CREDENTIAL_WORDS: Readonly<Record<CredentialInUse, string>> = {
  "sign-in": "Your Microsoft sign-in (Office signs you in to the gateway).",
  "desk-token": "The desk token (the API key below).",
  none: "None: requests go out anonymously.",
};

/** Which credential requests carry, and why the desk token is used where the build names a sign-in. */
export function SignInStatus({ credential, signInNamed }: SignInStatusProps) {
  const fallback = signInNamed && credential !== "sign-in";
  const hint = fallback
    ? "This gateway has sign-in, but this version of Office cannot sign you in for the add-in (nested app authentication); the desk token is used instead."
    : undefined;
  return (
    <Field label="Credential in use" {...(hint !== undefined ? { hint } : {})}>
      <Text data-credential={credential}>{CREDENTIAL_WORDS[credential]}</Text>
    </Field>
  );
}
