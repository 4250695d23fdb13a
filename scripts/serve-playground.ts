/**
 * `npm run playground`: builds the playground and serves playground/dist/ on localhost (a static file
 * server; the page itself needs no server). `PORT` picks the port (default 5178; 0 for any free one).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPlayground } from './build-playground.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
};

/** Debian's Chromium, and its flags for a closed network (no background connections) in a container. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The decoded path of a request target in origin form (`/a%20b?x` → `/a b`), or `undefined`. */
export function requestPath(target: string): string | undefined {
  if (!target.startsWith('/')) return undefined;
  try {
    // Prefixed, so that `//host/…` stays a path rather than naming a host.
    return decodeURIComponent(new URL(`http://localhost${target}`).pathname);
  } catch {
    return undefined;
  }
}

/**
 * Serves `dir` on 127.0.0.1; resolves with the server and its URL.
 *
 * @example
 * const { url, server } = await serveStatic('playground/dist', 0);
 */
export function serveStatic(dir: string, port: number): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = requestPath(request.url ?? '');
    // A target that is not a percent-encoded path (`/%E0%A4%A`, `//[`) is the request's fault: a 400,
    // and the server goes on serving.
    if (path === undefined) {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('bad request path');
      return;
    }
    const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
    // Never serve outside the folder, whatever the request path.
    if (!file.startsWith(normalize(dir) + sep)) {
      response.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) =>
        response
          .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
          .end(body),
      () => response.writeHead(404).end('not found'),
    );
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address !== null ? address.port : port;
      resolve({ server, url: `http://127.0.0.1:${actual}/` });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const built = await buildPlayground();
  const { url } = await serveStatic(built.outdir, Number(process.env.PORT ?? 5178));
  process.stdout.write(`svc-policy playground at ${url} (Ctrl-C to stop)\n`);
}
