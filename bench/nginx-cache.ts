// NGINX `proxy_cache` in front of an upstream, the hit-path benchmark's ceiling: Debian's /usr/sbin/nginx as a
// child of the benchmark (not a daemon), its configuration, cache and logs in a temporary folder, one worker (as the
// gateway is one process), on a free loopback port.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../test/gateway/support/redis-server";

export const NGINX = "/usr/sbin/nginx";

export interface NginxCache {
  readonly url: string;
  readonly pid: number;
  close(): Promise<void>;
}

function config(folder: string, port: number, upstream: string, key: string): string {
  const temp = (name: string) => join(folder, name);
  return `worker_processes 1;
daemon off;
master_process off;
pid ${temp("nginx.pid")};
error_log ${temp("error.log")} warn;
events { worker_connections 4096; }
http {
  client_body_temp_path ${temp("body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  # One line per request, buffered: as the gateway logs.
  access_log ${temp("access.log")} combined buffer=64k flush=1s;
  proxy_cache_path ${temp("cache")} levels=1:2 keys_zone=hits:10m max_size=100m inactive=60m use_temp_path=off;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${upstream};
      proxy_set_header X-API-Key "${key}";
      proxy_cache hits;
      proxy_cache_key $request_uri;
      proxy_cache_valid 200 404 1h;
      proxy_cache_lock on;
      proxy_ignore_headers Cache-Control Expires Set-Cookie;
      add_header Cache-Status $upstream_cache_status;
    }
  }
}
`;
}

async function listening(url: string, child: ChildProcess, log: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited (code ${String(child.exitCode)}); see ${log}`);
    const up = await fetch(url).then(
      () => true,
      // Expected: nginx is not listening yet; the loop asks again, and says so when nginx exits.
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`nginx did not listen on ${url}; see ${log}`);
}

/** Starts nginx caching `upstream` (sending `key` upstream); fails with a message when nginx is not installed. */
export async function startNginxCache(upstream: string, key: string): Promise<NginxCache> {
  if (!existsSync(NGINX))
    throw new Error(`${NGINX} is missing: the hit-path benchmark compares with it (apt-get install nginx).`);
  const folder = mkdtempSync(join(tmpdir(), "bench-nginx-"));
  const port = await freePort();
  writeFileSync(join(folder, "nginx.conf"), config(folder, port, upstream, key));
  const child = spawn(NGINX, ["-p", folder, "-c", join(folder, "nginx.conf"), "-e", join(folder, "error.log")], {
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  await listening(url, child, join(folder, "error.log"));
  return {
    url,
    pid: child.pid ?? 0,
    close: async () => {
      if (child.exitCode === null) {
        const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
        child.kill("SIGQUIT");
        await gone;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
