/**
 * Sends POSTs from a process of its own, so that writing a large body does not share the event
 * loop of the server it is sent to (bounded-work.test.ts), nor does starting this process: it is
 * started once (it prints `ready`) and reads one `BodySpec` per line of stdin, answering one
 * `SentAnswer` per line of stdout. The body is `head`, then `repeat.count` chunks of `repeat.size` bytes of `repeat.byte`,
 * then `tail`, each chunk written after the previous one drained, until the answer arrives.
 */
import http from 'node:http';
import readline from 'node:readline';

export interface BodySpec {
  port: number;
  path: string;
  headers: Record<string, string | number>;
  /** Base64. */
  head: string;
  repeat?: { byte: number; size: number; count: number };
  /** Base64. */
  tail?: string;
}

export interface SentAnswer {
  status: number;
  body: { success: boolean; message: string; errors?: Record<string, string[]> };
  headers: http.IncomingHttpHeaders;
  /** Body bytes written when the answer's head arrived. */
  sentBeforeAnswer: number;
  /** From the request's start to the answer's end. */
  ms: number;
  /** From the last byte of the body written (or the answer, if it came first) to the answer's end: the server's own time. */
  afterBodyMs: number;
}

function* chunksOf(spec: BodySpec): Generator<Buffer> {
  yield Buffer.from(spec.head, 'base64');
  if (spec.repeat) {
    const chunk = Buffer.alloc(spec.repeat.size, spec.repeat.byte);
    for (let n = 0; n < spec.repeat.count; n++) yield chunk;
  }
  if (spec.tail) yield Buffer.from(spec.tail, 'base64');
}

/** How long a request waits after its headers for an answer to them before writing its body. */
const EARLY_ANSWER_MS = 300;

function send(spec: BodySpec): Promise<SentAnswer> {
  const started = performance.now();
  let bodyEnded: number | null = null;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request({ host: '127.0.0.1', port: spec.port, path: spec.path, method: 'POST', headers: spec.headers });
    request.on('response', (response) => {
      answered = true;
      bodyEnded ??= performance.now();
      const sentBeforeAnswer = sent;
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        const text = Buffer.concat(parts).toString();
        const ended = performance.now();
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text), headers: response.headers, sentBeforeAnswer, ms: ended - started, afterBodyMs: ended - (bodyEnded ?? ended) });
      });
    });
    // Writes the server refuses after answering (it closed the connection) are expected.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    void (async () => {
      // A refusal by the headers alone (a declared size past the limit) comes before any body
      // byte: waiting for it keeps the body from being written into a connection the server is
      // closing, where the write fails with EPIPE before the answer is read.
      request.flushHeaders();
      await new Promise((resume) => {
        const early = setTimeout(resume, EARLY_ANSWER_MS);
        request.once('response', () => (clearTimeout(early), resume(undefined)));
      });
      for (const chunk of chunksOf(spec)) {
        if (answered || request.destroyed) return;
        sent += chunk.length;
        if (!request.write(chunk)) await new Promise((resume) => (request.once('drain', resume), request.once('close', resume)));
      }
      if (!answered && !request.destroyed) request.end(() => (bodyEnded ??= performance.now()));
    })();
  });
}

process.stdout.write('ready\n');
for await (const line of readline.createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  // A failed send is one failed answer (status 0 and its reason), never the end of the sender.
  const answer = await send(JSON.parse(line) as BodySpec).catch((error: NodeJS.ErrnoException) => ({ status: 0, body: { success: false, message: error.code ?? error.message } }));
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
