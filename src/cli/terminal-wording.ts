import { type ErrorSubject, type Fault, type FaultKind, sentence } from "@index-data/wire";
import { phrase } from "../formulas";

type TerminalWording = (fault: Fault, subject: ErrorSubject) => string;

const symbolOf = (subject: ErrorSubject) => subject.symbol ?? subject.what;
/**
 * The error's own message, only where it is our own advice: an argument refused before any request (no status), a
 * setting refused (configuration). Never for what the service said or did.
 */
const ownAdvice = (fault: Fault, fallback: string) => fault.details.message ?? fallback;
/** Where the base URL is given on a command line. */
const BASE_URL = "--base-url (or INDEX_API_BASE_URL)";

/** The option a service's argument error is about, by its error code. */
const OPTION_OF_CODE: Readonly<Record<string, string>> = {
  INVALID_WINDOW: "--window",
  INVALID_GRANULARITY: "--granularity",
  INVALID_DATE: "--start/--end",
  INVALID_DATE_RANGE: "--start/--end",
};

/** Which description of the service publishes an endpoint, when only one does. */
function onlyIn(subject: ErrorSubject): string {
  if (subject.newerOnly === true) return " (only the newer description of the service publishes it)";
  if (subject.olderOnly === true)
    return " (only the older description publishes it; the newer one gives the methodology version with each fix: index-data latest)";
  return "";
}

/** The service's first sentence: its own words about what failed, without the advice meant for the add-in's pane. */
const firstSentence = (text: string) => sentence(/^[^.!?]*[.!?]?/.exec(text.trim())?.[0] ?? text);

/**
 * The desk gateway's 401 (gateway/src/plugins/auth.ts): it names itself and the desk token. The anonymous tier is no
 * way out there (the gateway lets nobody in without a token), so its advice is the desk's: a token from the
 * administrator.
 */
const GATEWAY_REFUSAL = /desk token|desk's Index Data gateway/i;
const KEY_OPTION = "INDEX_API_KEY (or --api-key)";

function refusedDeskToken(reason: string): string {
  if (/unknown desk token/i.test(reason)) {
    return `the desk gateway does not know this desk token: check ${KEY_OPTION}; the desk's administrator can issue a new one`;
  }
  return `this is the desk's Index Data gateway and it needs your desk token: ask the desk's administrator for one, and give it as ${KEY_OPTION}, with --gateway`;
}

/** A refused key in one sentence: a desk token (the gateway's), revoked (ask for a new one), or refused with the service's reason. */
const refusedKey: TerminalWording = (f) => {
  const reason = f.details.serviceMessage;
  if (reason !== undefined && GATEWAY_REFUSAL.test(reason)) return refusedDeskToken(reason);
  if (f.details.code === "API_KEY_REVOKED" || (reason !== undefined && /revoked/i.test(reason))) {
    return "the service says this API key has been revoked: ask for a new key, or leave --api-key (and INDEX_API_KEY) out to use the anonymous tier";
  }
  const why = reason === undefined ? "" : ` (${firstSentence(reason).replace(/\.$/, "")})`;
  return `the service refused the API key${why}: check --api-key (or INDEX_API_KEY), or leave it out to use the anonymous tier`;
};

/** An argument the service refused, named by its option, in the service's own words. */
const refusedArgument: TerminalWording = (f) => {
  const words = f.details.serviceMessage;
  if (words === undefined) {
    if (f.details.status === undefined)
      return ownAdvice(f, "the request was refused; check the arguments (index-data --help)");
    return `${phrase.serviceSaid(f.details)} The service refused the arguments; see index-data --help.`;
  }
  const option = f.details.code !== undefined ? OPTION_OF_CODE[f.details.code] : undefined;
  return option !== undefined
    ? `${option}: ${sentence(words)}`
    : `the service refused the arguments: ${sentence(words)} See index-data --help.`;
};

/**
 * The terminal's words for every fault kind: options and commands instead of the add-in's settings,
 * INDEX.LIST() and Refresh.
 */
export const TERMINAL_WORDING: Readonly<Record<FaultKind, TerminalWording>> = {
  "unknown-symbol": (_f, s) => phrase.unknownIndex(symbolOf(s), "`index-data list`"),
  "wrong-case": (f, s) => phrase.unknownIndexInCase(symbolOf(s), f.details.meant ?? symbolOf(s)),
  "no-data": (_f, s) => `'${symbolOf(s)}' has no ${s.what} yet; try again after its first fix, or pick another index`,
  "not-found": (_f, s) =>
    `no ${s.what} for '${symbolOf(s)}': unknown index or no data (run \`index-data list\` to see every index)`,
  "not-published": (_f, s) =>
    s.symbol === undefined
      ? `this service does not publish ${s.what}${onlyIn(s)}`
      : `no ${s.what} for '${s.symbol}': this service does not publish one (only the newer description does), or the index has no data yet`,
  "wrong-base-url": (f) =>
    `the service answered ${f.details.path ?? "the index list"} with 404: it is not an Index Data Service; check --base-url (or INDEX_API_BASE_URL), its root without /api`,
  unauthorized: refusedKey,
  "bad-request": refusedArgument,
  configuration: (f) => {
    const redirect = phrase.refusedRedirect(f.details);
    return redirect !== undefined
      ? `${redirect} (--base-url).`
      : ownAdvice(f, "the service settings are invalid; check --base-url and --api-key");
  },
  "rate-limited": (f) =>
    f.details.retryAfterSeconds !== undefined
      ? `rate limited by the service; try again in ${f.details.retryAfterSeconds} s`
      : `${phrase.serviceSaid(f.details)} Too many requests for this tier; try again in a minute, or pass --api-key for a higher limit.`.trimStart(),
  "queue-full": (f) => `too many requests waiting for the service${phrase.queued(f.details)}; run the command again`,
  unavailable: (f) => `${phrase.unavailable(f.details)}; try again later.`,
  "server-error": (f) => phrase.serviceFailed(f.details),
  network: (f) => `${phrase.unreached(f.details)}; check ${BASE_URL} and your network connection.`,
  timeout: (f) => `${phrase.noAnswerInTime(f.details)}; try again, or pass --timeout MS to wait longer.`,
  "invalid-response": (f) => phrase.unreadableAnswer(f.details, BASE_URL),
  unexpected: (f, s) => phrase.unexpectedFailure(f, s.what),
};
