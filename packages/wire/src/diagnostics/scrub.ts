/** What a secret is replaced with in a recorded message. */
const REDACTED = "[secret]";
/** A secret shorter than this would match ordinary words; such a "key" is refused by checkApiKey anyway. */
const MIN_SECRET_LENGTH = 4;
/** Credentials by their usual labels, whatever the value: a bearer token, an x-api-key header, a key in a query. */
const LABELLED = /(bearer\s+|x-api-key["']?\s*[:=]\s*["']?|(?:api[_-]?key|token|key)=)[^\s"'&,;]+/gi;

/** The spellings of a secret a message may carry: as it is, percent-encoded and (for ASCII) in base64. */
function spellingsOf(secret: string): string[] {
  const forms = [secret, encodeURIComponent(secret)];
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(secret) && typeof btoa === "function") forms.push(btoa(secret).replace(/=+$/, ""));
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

/**
 * `text` with every known secret (an API key, a desk token) and every labelled credential replaced, so that no
 * recorded diagnostic carries one into the pane, a log or a bug report (the add-in's counterpart of the gateway's
 * KeyScrubber, which a gateway passes as `scrub` to take out its encoded spellings as well).
 */
export function scrubSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let clean = text;
  for (const secret of secrets) {
    if (secret === undefined || secret.length < MIN_SECRET_LENGTH) continue;
    for (const form of spellingsOf(secret)) clean = clean.split(form).join(REDACTED);
  }
  return clean.replace(LABELLED, (_match, label: string) => `${label}${REDACTED}`);
}
