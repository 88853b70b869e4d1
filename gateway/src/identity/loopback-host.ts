/**
 * Whether a request's Host header names this machine by a loopback name or address: `localhost`, 127.0.0.0/8 or
 * `[::1]`, with or without a port. Nothing else, not even `*.localhost` or a trailing dot: a gateway without
 * authentication answers only requests addressed to loopback, so a page whose own name an attacker points at
 * 127.0.0.1 (DNS rebinding) is refused, since its requests carry the attacker's name.
 */
export function loopbackHostHeader(host: string | undefined): boolean {
  const match = /^(?:(localhost)|(\d{1,3}(?:\.\d{1,3}){3})|(\[::1\]))(?::(\d{1,5}))?$/i.exec(host ?? "");
  if (match === null) return false;
  const port = match[4];
  if (port !== undefined && Number(port) > 65_535) return false;
  const ipv4 = match[2];
  if (ipv4 === undefined) return true;
  const octets = ipv4.split(".").map(Number);
  return octets[0] === 127 && octets.every((octet) => octet <= 255);
}
