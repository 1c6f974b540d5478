/**
 * HAProxy (Debian's package) in front of the replicas as an operator would put it: HTTP mode, round robin, no
 * stickiness, WebSockets passed through (HAProxy switches to tunnel mode on an Upgrade), X-Forwarded-For added.
 * For the tests only it names the replica that served each answer in `x-jelly-replica`.
 * No health checks: a check marking a busy replica down would change the rotation the tests steer by.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { answers200, startProcess, type ClusterProcess } from './processes.ts';

export const REPLICA_HEADER = 'x-jelly-replica';
const HAPROXY = '/usr/sbin/haproxy';

export async function startHaproxy(
  backends: { name: string; port: number }[],
  dirs: { work: string; logs: string; port: number },
): Promise<{ process: ClusterProcess; url: string }> {
  const port = dirs.port;
  const config = [
    'global',
    '  maxconn 4000',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 120s',
    '  timeout server 120s',
    '  timeout tunnel 1h',
    '  option forwardfor',
    'frontend jelly',
    `  bind 127.0.0.1:${port}`,
    '  default_backend replicas',
    'backend replicas',
    '  balance roundrobin',
    `  http-response set-header ${REPLICA_HEADER} %[srv_name]`,
    ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port}`),
    '',
  ].join('\n');
  const file = join(dirs.work, 'haproxy.cfg');
  await writeFile(file, config);
  const url = `http://127.0.0.1:${port}`;
  // -db: stay in the foreground (the harness owns the process); -W is not wanted (no master process to orphan).
  const process = await startProcess({
    name: 'haproxy',
    command: HAPROXY,
    args: ['-db', '-f', file],
    cwd: dirs.work,
    logDir: dirs.logs,
    probe: () => answers200(`${url}/api/health`),
    readyWithinMs: 15_000,
  });
  return { process, url };
}
