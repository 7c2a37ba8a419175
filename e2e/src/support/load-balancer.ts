/**
 * Debian's nginx as a round-robin load balancer in front of several Truss API instances, run by
 * the test as its child: its own prefix, pid file, temporary folders and logs in a folder of the
 * test's, on a free loopback port. No sticky sessions.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from './server.ts';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Why nginx cannot be started here, or null when it can. */
export async function loadBalancerMissing(): Promise<string | null> {
  try {
    await access(NGINX);
    return null;
  } catch {
    return `nginx is not installed (${NGINX}; Debian: apt-get install nginx-light)`;
  }
}

/** One line of the access log: a request as the balancer passed it on. */
export interface ProxiedRequest {
  /** When nginx answered it (epoch ms). */
  at: number;
  method: string;
  uri: string;
  status: number;
  /** The instances tried, in order (`host:port`); more than one when nginx retried elsewhere. */
  upstreams: string[];
  /** The instances' answers, in the same order ('-' where none). */
  upstreamStatuses: string[];
  seconds: number;
}

export interface LoadBalancer {
  url: string;
  /** The access log so far. */
  requests(): Promise<ProxiedRequest[]>;
  stop(): Promise<void>;
}

/**
 * The configuration an operator would write (docs/operations.md has the TLS version): every API
 * instance in one upstream; event streams unbuffered and long-lived; upload chunks streamed to
 * the instance with no body limit. Upload requests have an upstream of their own (the same
 * instances): round-robin among upload requests alone, so consecutive PATCHes of one upload
 * alternate between the instances whatever else the page asks for in between.
 */
function config(dir: string, port: number, backends: string[]): string {
  const servers = backends.map((backend) => `    server ${backend};`).join('\n');
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  log_format upstreams '$msec $request_method $request_uri $status "$upstream_addr" "$upstream_status" $request_time';
  access_log ${dir}/access.log upstreams;

  upstream truss_api {
${servers}
    keepalive 16;
  }
  upstream truss_uploads {
${servers}
    keepalive 16;
  }

  server {
    listen 127.0.0.1:${port};
    client_max_body_size 0;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    # Which instance answered (the test reads it; an operator may leave it out).
    add_header X-Upstream $upstream_addr always;

    location ~ ^/api/(events|share/[^/]+/events)$ {
      proxy_pass http://truss_api;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
    location /api/uploads {
      proxy_pass http://truss_uploads;
      proxy_request_buffering off;
      proxy_buffering off;
    }
    location / {
      proxy_pass http://truss_api;
    }
  }
}
`;
}

function parse(line: string): ProxiedRequest | null {
  const match = /^(\S+) (\S+) (\S+) (\d+) "([^"]*)" "([^"]*)" (\S+)$/.exec(line);
  if (!match) return null;
  // "127.0.0.1:1, 127.0.0.1:2" when nginx tried two; " : " between groups.
  const split = (value: string) =>
    value
      .split(/[,:]\s+/)
      .map((part) => part.trim())
      .filter(Boolean);
  return {
    at: Number(match[1]) * 1000,
    method: match[2] ?? '',
    uri: match[3] ?? '',
    status: Number(match[4]),
    upstreams: split(match[5] ?? ''),
    upstreamStatuses: split(match[6] ?? ''),
    seconds: Number(match[7]),
  };
}

/** nginx on a free port of 127.0.0.1 in front of `backends` (`host:port`), once it answers. */
export async function startLoadBalancer(
  dir: string,
  backends: string[],
  /** A port chosen beforehand (the instances' PUBLIC_URL names it). */
  port?: number,
): Promise<LoadBalancer> {
  await mkdir(dir, { recursive: true });
  port ??= await freePort();
  const file = path.join(dir, 'nginx.conf');
  await writeFile(file, config(dir, port, backends));
  const output: string[] = [];
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', dir, '-c', file, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${output.join('')}`);
    try {
      await fetch(`${url}/api/health`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer:\n${output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    async requests() {
      const log = await readFile(path.join(dir, 'access.log'), 'utf8').catch(() => '');
      return log
        .split('\n')
        .map(parse)
        .filter((entry): entry is ProxiedRequest => entry !== null);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
