/**
 * HAProxy (Debian's package) in front of the replicas as an operator would put it: HTTP mode, round robin, no
 * stickiness, WebSockets passed through (HAProxy switches to tunnel mode on an Upgrade), X-Forwarded-For added.
 * For the tests only it names the replica that served each answer in `x-jelly-replica`.
 * Readiness checks as the README recommends (GET /api/health every 2 s, fall 3, rise 2): a draining replica leaves
 * the rotation; a replica that leaves and comes back changes the rotation's order (http-app.ts learns it).
 * A bench adds its baseline server as a route (a path prefix to its own backend) behind the same frontend, and raises
 * the connection cap for its sockets. HAProxy needs two descriptors per proxied connection and refuses to start
 * when `maxconn` does not fit the file limit (`ulimit -n`): more sockets than half of it need a second balancer.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startProcess, type StartedProcess } from '@jelly/bench-kit/process';

export const REPLICA_HEADER = 'x-jelly-replica';
const HAPROXY = '/usr/sbin/haproxy';

export interface HaproxyOptions {
  /** Its process's name, log and config file (several may run side by side: a pair of balancers). */
  name?: string;
  work: string;
  logs: string;
  port: number;
  /** Connections HAProxy holds at once, client side (default 4000). */
  maxconn?: number;
  /** Requests whose path starts with `path` go to the server on `port` instead of the replicas. */
  routes?: { name: string; path: string; port: number }[];
}

export async function startHaproxy(backends: { name: string; port: number }[], dirs: HaproxyOptions): Promise<{ process: StartedProcess; url: string }> {
  const port = dirs.port;
  const maxconn = dirs.maxconn ?? 4000;
  const routes = dirs.routes ?? [];
  const config = [
    'global',
    `  maxconn ${maxconn}`,
    'defaults',
    '  mode http',
    // a frontend's own cap would otherwise be HAProxy's default, below the global one
    `  maxconn ${maxconn}`,
    '  timeout connect 5s',
    '  timeout client 120s',
    '  timeout server 120s',
    '  timeout tunnel 1h',
    '  option forwardfor',
    'frontend jelly',
    `  bind 127.0.0.1:${port}`,
    ...routes.map((r) => `  use_backend ${r.name} if { path_beg ${r.path} }`),
    '  default_backend replicas',
    'backend replicas',
    '  balance roundrobin',
    // readiness as the README recommends: a draining replica leaves the rotation within 6 s
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  default-server inter 2s fall 3 rise 2',
    `  http-response set-header ${REPLICA_HEADER} %[srv_name]`,
    ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`),
    ...routes.flatMap((r) => [`backend ${r.name}`, `  http-response set-header ${REPLICA_HEADER} ${r.name}`, `  server ${r.name} 127.0.0.1:${r.port}`]),
    '',
  ].join('\n');
  const name = dirs.name ?? 'haproxy';
  const file = join(dirs.work, `${name}.cfg`);
  await writeFile(file, config);
  const url = `http://127.0.0.1:${port}`;
  // -db: stay in the foreground (the harness owns the process); -W is not wanted (no master process to orphan).
  const process = await startProcess({
    name,
    command: HAPROXY,
    args: ['-db', '-f', file],
    cwd: dirs.work,
    logFile: join(dirs.logs, `${name}.log`),
    ready: { url: `${url}/api/health` },
    readyWithinMs: 15_000,
  });
  return { process, url };
}
