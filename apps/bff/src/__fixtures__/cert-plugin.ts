import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Test-only certificates (a CA, a server certificate for 127.0.0.1 and two client certificates,
 * CN client-a and client-b), made once with openssl and valid for a century; the CA's key was
 * thrown away.
 */
export const TLS_DIR = fileURLToPath(new URL('./tls/', import.meta.url));
export const pem = (name: string): string => readFileSync(join(TLS_DIR, name), 'utf8');

export interface CertPluginUser {
  /** A kubeconfig for `server` (trusting the test CA) whose user is the exec plugin. */
  kubeconfig: string;
  /** Which client certificate the plugin issues from its next run on. */
  use(client: 'a' | 'b'): void;
  /** The certificates issued, oldest first ('a' or 'b'). */
  issued(): string[];
  remove(): void;
}

/**
 * An exec plugin that issues client certificates (as some cloud providers' plugins do): each run
 * prints the certificate chosen with {@link CertPluginUser.use}, valid for `lifeMs`, so client-node
 * runs it again soon after.
 */
export function certPluginUser(server: string, lifeMs: number): CertPluginUser {
  const dir = mkdtempSync(join(tmpdir(), 'pdbscope-cert-'));
  const current = join(dir, 'current');
  const issued = join(dir, 'issued');
  const use = (client: 'a' | 'b') => writeFileSync(current, client);
  use('a');
  writeFileSync(issued, '');
  const script = join(dir, 'cert-plugin.mjs');
  writeFileSync(
    script,
    `#!${process.execPath}
import { appendFileSync, readFileSync } from 'node:fs';
const client = readFileSync(${JSON.stringify(current)}, 'utf8');
const read = (f) => readFileSync(${JSON.stringify(TLS_DIR)} + f, 'utf8');
appendFileSync(${JSON.stringify(issued)}, client + '\\n');
process.stdout.write(JSON.stringify({
  apiVersion: 'client.authentication.k8s.io/v1',
  kind: 'ExecCredential',
  status: {
    clientCertificateData: read('client-' + client + '.crt'),
    clientKeyData: read('client-' + client + '.key'),
    expirationTimestamp: new Date(Date.now() + ${lifeMs}).toISOString(),
  },
}));
`,
  );
  chmodSync(script, 0o755);
  return {
    kubeconfig: `apiVersion: v1
kind: Config
clusters: [{ name: tls, cluster: { server: "${server}", certificate-authority-data: "${Buffer.from(pem('ca.crt')).toString('base64')}" } }]
users:
  - name: cert-exec
    user:
      exec: { apiVersion: client.authentication.k8s.io/v1, command: "${script}", interactiveMode: Never }
contexts: [{ name: tls, context: { cluster: tls, user: cert-exec } }]
current-context: tls
`,
    use,
    issued: () =>
      readFileSync(issued, 'utf8')
        .split('\n')
        .filter((c) => c !== ''),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
