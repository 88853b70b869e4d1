import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";

/**
 * The origins /mcp may name itself by (in its OAuth metadata and the pointer of its 401s): the public URL's alone when
 * given; else the address it listens on, as `scheme://address:port` (every address of the machine when it listens on
 * all of them, and `localhost` beside a loopback address). A request's Host only picks one of these; a Host that is
 * none of them is refused, so no URL or header is ever made of what a client wrote there.
 */
export class SelfOrigins {
  private listening: ReadonlyMap<string, string> | undefined;

  constructor(
    private readonly scheme: "http" | "https",
    private readonly address: () => AddressInfo | string | null,
    private readonly publicOrigin: string | undefined,
  ) {}

  /** Whether the gateway names itself by its public URL (behind a proxy: every Host is the proxy's hop). */
  get fixed(): boolean {
    return this.publicOrigin !== undefined;
  }

  /** The origin a request with this Host reached, from the gateway's own list; undefined when it is none of them. */
  of(host: string | undefined): string | undefined {
    if (this.publicOrigin !== undefined) return this.publicOrigin;
    if (host === undefined) return undefined;
    return this.listeningOrigins().get(host.toLowerCase());
  }

  /** The origin to tell an agent to use when its Host was refused. */
  example(): string {
    return this.publicOrigin ?? [...this.listeningOrigins().values()][0] ?? `${this.scheme}://127.0.0.1`;
  }

  /** Each accepted Host (as a client writes it) and the origin it stands for, read once the server listens. */
  private listeningOrigins(): ReadonlyMap<string, string> {
    if (this.listening !== undefined) return this.listening;
    const bound = this.address();
    // Not listening yet: nothing accepted, and nothing kept, so the addresses are read once it listens.
    if (bound === null || typeof bound === "string") return new Map();
    const names = listeningNames(bound.address);
    const defaultPort = this.scheme === "https" ? 443 : 80;
    const origins = new Map<string, string>();
    for (const name of names) {
      const origin = `${this.scheme}://${name}:${bound.port}`;
      origins.set(`${name}:${bound.port}`, origin);
      if (bound.port === defaultPort) origins.set(name, origin);
    }
    this.listening = origins;
    return origins;
  }
}

/** Loopback: the names a client of this very machine writes in a Host header. */
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** The names of the address the server listens on: itself, or every interface's for a wildcard; IPv6 in brackets. */
function listeningNames(address: string): string[] {
  const wildcard = address === "0.0.0.0" || address === "::";
  const addresses = wildcard
    ? Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address))
    : [address];
  const names = addresses.map((one) => (one.includes(":") ? `[${one.toLowerCase()}]` : one));
  return addresses.some((one) => LOOPBACK.test(one)) ? [...names, "localhost"] : names;
}
