import { spawn, type ChildProcessByStdio } from 'node:child_process';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { todayInCaracas } from '@recaudo/domain/dates';
import { messages } from '@recaudo/domain/messages';
import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodySpec, SentAnswer } from '../../test/body-sender';
import { closingFixture, closingUpload } from '../../test/closed-boxes-fixture';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness';
import { BAD_REQUEST_MESSAGE, MALFORMED_FORM_MESSAGE, spanishIssue } from './errors';
import { jsonBodyMessages, jsonLimitPassed, JSON_LIMITS } from './json-body';
import { uploadMessages } from './uploads';

/**
 * Bounded work per request (issue 46): each body below is sent to a listening server while
 * another client polls /api/health, whose slowest answer may grow by 200 ms at most over the
 * slowest just before (the machine's load alone); each is refused in Spanish, as soon as it is
 * known to be too much.
 */

const HEALTH_BUDGET_MS = 200;
const MB = 1024 * 1024;

let ctx: TestContext;
let admin: TestUser;
let serieId: number;
let port: number;
/** The other process that sends the bodies (test/body-sender.ts), started once, and its answers as they come. */
let sender: ChildProcessByStdio<Writable, Readable, null>;
let answers: AsyncIterator<string>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ roleId: ADMIN_ROLE_ID });
  serieId = (await closingFixture(ctx.db)).serieId;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
  const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/body-sender.ts');
  sender = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  answers = readline.createInterface({ input: sender.stdout })[Symbol.asyncIterator]();
  expect((await answers.next()).value).toBe('ready');
}, 60_000);
afterAll(async () => {
  sender.stdin.end();
  await ctx.close();
});

/**
 * A POST of `head`, `repeat` and `tail` from the sender process, as the admin, sent when the
 * answer is called (its description is written out before, outside any measured time).
 */
function post(route: string, headers: Record<string, string | number>, body: { head: Buffer; repeat?: BodySpec['repeat']; tail?: Buffer }): () => Promise<SentAnswer> {
  const spec: BodySpec = {
    port,
    path: route,
    headers: { authorization: `Bearer ${admin.token}`, ...headers },
    head: body.head.toString('base64'),
    repeat: body.repeat,
    tail: body.tail?.toString('base64'),
  };
  const line = Buffer.from(`${JSON.stringify(spec)}\n`);
  return async () => {
    sender.stdin.write(line);
    const answer = await answers.next();
    if (answer.done) throw new Error('the sender process ended');
    return JSON.parse(answer.value) as SentAnswer;
  };
}

interface Polled<T> {
  result: T;
  /** The slowest /api/health answer while the request was sent and answered. */
  slowestHealthMs: number;
  /**
   * The slowest of the answers with nothing else sent, 300 ms just before and as long as the request
   * took just after: what the machine's load alone costs over a window as long as the request's.
   */
  baselineHealthMs: number;
  polls: number;
}

const POLL_GAP_MS = 10;
const pause = (ms: number) => new Promise((resume) => setTimeout(resume, ms));

/**
 * Polls /api/health in a loop: alone for 300 ms, then while `send` runs, then alone again for as
 * long as `send` took. A loaded machine slows every answer, the bad request's neighbours included,
 * and a longer window meets a longer stall; what the bad request may add to the slowest answer of
 * an equally long quiet window is HEALTH_BUDGET_MS (`expectHealthKept`). A poll counts for the
 * request when it was in flight at any moment of it: the poll a stall held up ends after the answer.
 * The server runs in this process, so a poll's time runs to the end of the pause after it: a stall
 * of the event loop between two requests holds up that pause's timer.
 */
async function whilePolling<T>(send: () => Promise<T>): Promise<Polled<T>> {
  let finished = false;
  const polls: { started: number; ended: number }[] = [];
  const poller = (async () => {
    while (!finished) {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      await pause(POLL_GAP_MS);
      polls.push({ started, ended: performance.now() - POLL_GAP_MS });
    }
  })();
  let sent: { result: T; started: number; ended: number };
  try {
    await pause(300);
    const started = performance.now();
    const result = await send();
    sent = { result, started, ended: performance.now() };
    await pause(Math.max(300, sent.ended - sent.started));
  } finally {
    finished = true;
    await poller;
  }
  const slowest = (chosen: typeof polls) => Math.max(0, ...chosen.map((poll) => poll.ended - poll.started));
  const during = polls.filter((poll) => poll.started < sent.ended && poll.ended > sent.started);
  return {
    result: sent.result,
    slowestHealthMs: slowest(during),
    baselineHealthMs: slowest(polls.filter((poll) => !during.includes(poll))),
    polls: during.length,
  };
}

function expectHealthKept(polled: Polled<unknown>): void {
  expect(polled.slowestHealthMs).toBeLessThanOrEqual(HEALTH_BUDGET_MS + polled.baselineHealthMs);
}

const closingFields = () => ({ date: todayInCaracas(), user_id: String(admin.id), serie: String(serieId), checkbook_number: '0001', exchange_rate: '36.50', type: '0' });


describe('a 5 MB PDF of deflate bombs', () => {
  it('is refused within 2 s while /api/health answers within 200 ms', async () => {
    const bomb = deflateSync(Buffer.alloc(40 * MB), { level: 9 });
    const streams: Buffer[] = [Buffer.from('%PDF-1.5\n')];
    for (let n = 1; Buffer.concat(streams).length < 5 * MB - bomb.length - 100; n++) {
      streams.push(Buffer.from(`${n} 0 obj\n<< /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`), bomb, Buffer.from('\nendstream\nendobj\n'));
    }
    const pdf = Buffer.concat(streams);
    expect(pdf.length).toBeGreaterThan(4.5 * MB);
    const { body, headers } = closingUpload(closingFields(), { name: 'bombas.pdf', type: 'application/pdf', data: pdf });
    const polled = await whilePolling(post('/api/closed-boxs/store', { ...headers, 'content-length': body.length }, { head: body }));
    const { result } = polled;
    expect(result.status).toBe(422);
    expect(result.body.errors).toEqual({ file: [messages.uncheckablePdf('Archivo')] });
    expect(result.afterBodyMs).toBeLessThanOrEqual(2_000);
    expect(polled.polls).toBeGreaterThan(3);
    expectHealthKept(polled);
  });
});

describe('a multipart body', () => {
  const boundary = '----limite';
  const fileHead = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="grande.png"\r\nContent-Type: image/png\r\n\r\n`);
  const body = (fileBytes: number) => ({ head: fileHead, repeat: { byte: 0x41, size: 256 * 1024, count: fileBytes / (256 * 1024) }, tail: Buffer.from(`\r\n--${boundary}--\r\n`) });
  const multipart = { 'content-type': `multipart/form-data; boundary=${boundary}` };

  it('declared larger than its files and fields may be is refused with 413 before any of it is read', async () => {
    const polled = await whilePolling(post('/api/closed-boxs/store', { ...multipart, 'content-length': 200 * MB }, body(200 * MB)));
    const { result } = polled;
    expect(result.status, result.body.message).toBe(413);
    expect(result.body).toEqual({ success: false, message: uploadMessages.formTooLarge });
    expect(result.headers.connection).toBe('close');
    expect(result.sentBeforeAnswer).toBeLessThan(20 * MB);
    expectHealthKept(polled);
  });

  it('without a declared size is refused with 411', async () => {
    const answer = await post('/api/closed-boxs/store', { ...multipart, 'transfer-encoding': 'chunked' }, body(MB))();
    expect(answer.status).toBe(411);
    expect(answer.body).toEqual({ success: false, message: uploadMessages.lengthRequired });
  });

  it('with a file past its limit is refused with 413 at that point, not after reading the rest', async () => {
    // Ten payment files of 5 MB may come in one form: a single 40 MB file is within the form's size, past the file's.
    const polled = await whilePolling(post('/api/bill-payments/store', { ...multipart, 'content-length': fileHead.length + 40 * MB + 100 }, body(40 * MB)));
    const { result } = polled;
    expect(result.status, result.body.message).toBe(413);
    expect(result.body).toEqual({ success: false, message: uploadMessages.fileTooLarge });
    expect(result.headers.connection).toBe('close');
    expect(result.sentBeforeAnswer).toBeLessThan(20 * MB);
    expectHealthKept(polled);
  });

  it('with a file whose limit falls exactly on a chunk\'s end is refused at that chunk', async () => {
    // Chunks of 16 KB, each read on its own, end exactly at the 5 MB limit: the parser then hands
    // no partial chunk and tells only by its 'limit' event (in CI the server once waited for the whole body).
    const chunk = Buffer.alloc(16 * 1024, 0x41);
    const chunks = (40 * MB) / chunk.length;
    const answer = await new Promise<{ status: number; body: unknown; sentBeforeAnswer: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const request = http.request({ host: '127.0.0.1', port, path: '/api/bill-payments/store', method: 'POST', headers: { authorization: `Bearer ${admin.token}`, ...multipart, 'content-length': fileHead.length + chunks * chunk.length } });
      request.on('response', (response) => {
        answered = true;
        const sentBeforeAnswer = sent;
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString()), sentBeforeAnswer }));
      });
      request.on('error', (error) => answered || reject(error));
      void (async () => {
        request.write(fileHead);
        for (let n = 0; n < chunks && !answered && !request.destroyed; n++) {
          await new Promise((resume) => setTimeout(resume, 1));
          sent += chunk.length;
          request.write(chunk);
        }
      })();
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ success: false, message: uploadMessages.fileTooLarge });
    expect(answer.sentBeforeAnswer).toBeLessThan(20 * MB);
  });

  it('cut short anywhere answers 400, never 500', async () => {
    const fields = `--${boundary}\r\nContent-Disposition: form-data; name="date"\r\n\r\n${todayInCaracas()}\r\n`;
    const whole = `${fields}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--${boundary}--\r\n`;
    const cuts = [10, fields.length - 5, fields.length, fields.length + 20, whole.length - 30, whole.length - 5];
    for (const cut of cuts) {
      const answer = await ctx.call('POST', '/api/closed-boxs/store', { token: admin.token, body: Buffer.from(whole.slice(0, cut), 'latin1'), headers: multipart });
      expect({ cut, status: answer.status, body: answer.body }).toEqual({ cut, status: 400, body: { success: false, message: MALFORMED_FORM_MESSAGE } });
    }
    const before = (await ctx.call('GET', '/api/closed-boxs', { token: admin.token })).body.data.total;
    // Over a connection that stops sending halfway (the client half-closes it).
    for (const cut of [fields.length + 20, whole.length - 30]) {
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(`POST /api/closed-boxs/store HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${admin.token}\r\nContent-Type: ${multipart['content-type']}\r\nContent-Length: ${whole.length}\r\n\r\n`);
          socket.end(Buffer.from(whole.slice(0, cut), 'latin1'));
        });
        const parts: Buffer[] = [];
        socket.on('data', (part: Buffer) => parts.push(part));
        socket.on('error', reject);
        socket.on('close', () => {
          const text = Buffer.concat(parts).toString();
          resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), text });
        });
      });
      expect([0, 400]).toContain(answer.status);
    }
    expect((await ctx.call('GET', '/api/closed-boxs', { token: admin.token })).body.data.total).toBe(before);
  });
});

describe('a JSON body', () => {
  const deep = (levels: number) => `{"name":${'['.repeat(levels)}${']'.repeat(levels)}}`;
  const manyKeys = (keys: number) => `{${Array.from({ length: keys }, (_, key) => `"k${key}":1`).join(',')}}`;

  it.each([
    ['nested past 64 levels', deep(1_000_000), jsonBodyMessages.tooDeep],
    ['with more keys than the limit', manyKeys(150_000), jsonBodyMessages.tooManyKeys],
    ['that is a top-level array', JSON.stringify([{ name: 'Lara' }]), jsonBodyMessages.notAnObject],
    ['that is a top-level string', '"Lara"', jsonBodyMessages.notAnObject],
  ])('%s is refused with 400 before validation, health answering within 200 ms', async (_case, text, message) => {
    const polled = await whilePolling(post('/api/states/store', { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }, { head: Buffer.from(text) }));
    const { result } = polled;
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ success: false, message });
    expectHealthKept(polled);
  });

  it('past the body limit is refused with a Spanish 413 before it is read', async () => {
    const spaces = { head: Buffer.from('{'), repeat: { byte: 0x20, size: 256 * 1024, count: 200 } };
    const polled = await whilePolling(post('/api/states/store', { 'content-type': 'application/json', 'content-length': 50 * MB + 1 }, spaces));
    const { result } = polled;
    expect(result.status, result.body.message).toBe(413);
    expect(result.body).toEqual({ success: false, message: 'Los datos enviados superan el tamaño máximo permitido.' });
    expect(result.sentBeforeAnswer).toBeLessThan(20 * MB);
    expectHealthKept(polled);
  });

  it('within the limits is taken as before: 64 levels, strings holding brackets and colons', async () => {
    expect(jsonLimitPassed(deep(JSON_LIMITS.depth - 1))).toBeNull();
    expect(jsonLimitPassed(deep(JSON_LIMITS.depth))).toBe('depth');
    expect(jsonLimitPassed(manyKeys(JSON_LIMITS.keys))).toBeNull();
    expect(jsonLimitPassed(manyKeys(JSON_LIMITS.keys + 1))).toBe('keys');
    expect(jsonLimitPassed(JSON.stringify({ name: '[[[[{{{{:::: \\" ]]' }), { depth: 2, keys: 1 })).toBeNull();
    const stored = await ctx.call('POST', '/api/states/store', { token: admin.token, body: { name: 'Estado [con: corchetes]' } });
    expect(stored.status).toBe(200);
  });

  it("zod's own texts, for what a schema did not word, are Spanish and name the field by its key", async () => {
    expect(spanishIssue({ path: ['months', 0, 'exchange_rate_id'] })).toBe(messages.invalid('exchange_rate_id'));
    expect(spanishIssue({ path: [] })).toBe(BAD_REQUEST_MESSAGE);
    const answer = await ctx.call('POST', '/api/states/store', { token: admin.token, body: { name: 'Estado', id: { nested: true } } });
    expect(JSON.stringify(answer.body)).not.toMatch(/expected|Invalid input|received/i);
  });
});

