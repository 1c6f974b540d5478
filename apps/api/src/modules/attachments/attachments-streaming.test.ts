import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { FILE_TOO_LARGE, MEGABYTE } from '@jelly/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeal } from '../../../test/helpers/chat-deals.ts';
import { sampleFiles } from '../../../test/helpers/sample-files.ts';
import { signIn } from '../../../test/helpers/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';

let t: TestApp;
let origin: string;
const alice = createWallet();
const bob = createWallet();
let token: string;
let dealId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  token = (await signIn(t.app, bob)).body.accessToken;
  ({ dealId } = await insertDeal(t.app.db, { creator: alice.address, acceptor: bob.address }));
});

afterAll(async () => {
  await t?.close();
});

interface Outcome {
  status: number;
  body: string;
  /** Bytes of the body the client had written when the answer arrived. */
  sentWhenAnswered: number;
  /** Whether the client got to write its whole body. */
  finished: boolean;
}

/**
 * Streams a multipart upload over a real socket: the form fields, then an image of `fileSize` bytes written in 64 KiB
 * chunks, respecting back-pressure, until the server answers or everything is written.
 */
function streamUpload(fileSize: number): Promise<Outcome> {
  const boundary = 'jellyboundary7d93';
  const head = Buffer.from(
    [
      `--${boundary}\r\nContent-Disposition: form-data; name="RoomId"\r\n\r\n${dealId}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="UserId"\r\n\r\n${bob.address}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
    ].join(''),
  );
  const tail = Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="Bucket"\r\n\r\n2\r\n--${boundary}--\r\n`);
  const firstBytes = Buffer.from(sampleFiles.png(64 * 1024));
  const chunk = Buffer.alloc(64 * 1024, 7);

  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    let finished = false;
    // Settles once writing is pointless: the answer arrived or the connection went away. A write waiting for a
    // 'drain' that will never come (the server stopped reading) gives up on it instead of on a timer.
    let stop = () => {};
    const stopped = new Promise<'stopped'>((done) => (stop = () => done('stopped')));
    const req = httpRequest(`${origin}/api/attachments/upload`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    });
    req.on('close', stop);
    req.on('response', (res) => {
      answered = true;
      stop();
      const sentWhenAnswered = sent;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => (body += text));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sentWhenAnswered, finished }));
    });
    // The server drops the connection after answering: writes may fail with EPIPE / ECONNRESET then.
    req.on('error', (error) => {
      stop();
      if (!answered) reject(error);
    });

    const write = (data: Buffer) =>
      new Promise<'written'>((done) => {
        if (req.write(data)) done('written');
        else req.once('drain', () => done('written'));
      });

    void (async () => {
      await write(head);
      await write(firstBytes);
      sent = firstBytes.length;
      while (!answered && !req.destroyed && sent < fileSize) {
        if ((await Promise.race([write(chunk), stopped])) === 'written') sent += chunk.length;
      }
      if (!answered && !req.destroyed) {
        finished = true;
        req.end(tail);
      }
    })();
  });
}

describe('upload size limit over a real connection', () => {
  it('answers 413 while a 40 MB image is still being sent, and stores nothing', async () => {
    const outcome = await streamUpload(40 * MEGABYTE);
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body)).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: FILE_TOO_LARGE } });
    expect(outcome.finished).toBe(false);
    // The 5 MB image limit plus what socket buffers absorbed, far from the 40 MB the client meant to send.
    expect(outcome.sentWhenAnswered).toBeGreaterThan(5 * MEGABYTE);
    expect(outcome.sentWhenAnswered).toBeLessThan(20 * MEGABYTE);
    const stored = await readdir(join(t.config.dataDir, 'attachments'), { recursive: true, withFileTypes: true }).catch(() => []);
    expect(stored.filter((entry) => entry.isFile())).toEqual([]);
  });
});
