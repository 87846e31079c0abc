import type { FastifyReply } from 'fastify';

const inFlight = new Set<Promise<void>>();

/**
 * Runs `work` once the answer has left. Public routes whose answer must not tell, by the time
 * it takes, whether an e-mail or an identification is known (auth/send-token,
 * auth/code-verification) do the work that depends on it here. Its failure goes to the log:
 * the caller already has its answer.
 */
export function afterResponse(reply: FastifyReply, work: () => Promise<unknown>): void {
  const sent = new Promise<void>((resolve) => {
    if (reply.raw.writableFinished) return resolve();
    reply.raw.once('finish', () => resolve());
    reply.raw.once('close', () => resolve());
  });
  const run = sent
    .then(work)
    .then(
      () => undefined,
      (error: unknown) => reply.log.error({ err: error }, 'work after the response failed'),
    )
    .finally(() => inFlight.delete(run));
  inFlight.add(run);
}

/** Resolves once every work started by `afterResponse` so far has ended (server close, tests). */
export async function afterResponseSettled(): Promise<void> {
  while (inFlight.size) await Promise.all([...inFlight]);
}
