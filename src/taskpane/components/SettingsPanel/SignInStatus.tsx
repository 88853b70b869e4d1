import { Field, Text } from "@fluentui/react-components";
import { useEffect, useState } from "react";
import type { CredentialInUse, SignInFallback } from "../../../runtime";
import type { SignInStatusProps } from "./SettingsPanel.types";

const CREDENTIAL_WORDS: Readonly<Record<CredentialInUse, string>> = {
  "sign-in": "Your Microsoft sign-in (Office signs you in to the gateway).",
  "desk-token": "The desk token (the API key below).",
  none: "None: requests go out anonymously.",
};

/** Why the gateway's sign-in is not in use, and what the user can do about it. */
const FALLBACK_WORDS: Readonly<Record<SignInFallback, string>> = {
  "no-naa":
    "This gateway has sign-in, but this version of Office cannot sign you in for the add-in (nested app authentication)",
  cancelled: "The Microsoft sign-in window was closed before you signed in (choose Save to try again)",
  consent:
    "Your organization has not yet consented to the add-in signing you in to the gateway (ask your administrator, then choose Save)",
  failed: "Signing in to the gateway failed just now (the next request tries again)",
};

function fallbackHint(credential: CredentialInUse, fallback: SignInFallback | undefined): string | undefined {
  if (fallback === undefined || credential === "sign-in") return undefined;
  const instead = credential === "desk-token" ? "the desk token is used instead" : "requests go out anonymously";
  return `${FALLBACK_WORDS[fallback]}; ${instead}.`;
}

/**
 * Which credential requests carry, as the shared runtime last used it, and why the desk token is used where a sign-in
 * is named. Follows the runtime: a request whose sign-in failed changes it at once.
 */
export function SignInStatus({ watch }: SignInStatusProps) {
  const [status, setStatus] = useState(() => watch.current());
  useEffect(() => {
    setStatus(watch.current());
    return watch.subscribe(setStatus);
  }, [watch]);
  const hint = fallbackHint(status.credential, status.fallback);
  return (
    <Field label="Credential in use" hint={hint ?? null}>
      <Text data-credential={status.credential} data-fallback={status.fallback}>
        {CREDENTIAL_WORDS[status.credential]}
      </Text>
    </Field>
  );
}
