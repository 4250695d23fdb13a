import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from '../../scripts/serve-playground.js';
import { suiteTempDir } from '../support/temp.js';

/**
 * The playground's static server (`npm run playground`) over real HTTP on 127.0.0.1. Request targets
 * that fetch would normalize or refuse to send are written on a socket as they are.
 */
const temp = suiteTempDir('serve-playground');

describe('the playground dev server', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    writeFileSync(join(temp.folder(), 'index.html'), '<!doctype html><title>t</title>');
    const served = await serveStatic(temp.folder(), 0);
    server = served.server;
    port = Number(new URL(served.url).port);
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  /** The status line's code of `GET target`, sent on a socket as written. */
  const status = (target: string): Promise<number> =>
    new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (d) => {
        text += d.toString('latin1');
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(Number(text.split(' ')[1])));
      socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    });

  it('answers 400 to a target that is not percent-encoded UTF-8, and goes on serving', async () => {
    for (const target of ['/%E0%A4%A', '//%zz/', '/%']) expect(await status(target), target).toBe(400);
    expect(server.listening).toBe(true);
    expect(await status('/')).toBe(200);
    expect(await status('/index.html?x=1')).toBe(200);
    expect(await status('/missing.js')).toBe(404);
  });
});
