/**
 * Structured logs: one JSON line per event on stdout (pino), ready for any log collector. Each
 * request gets one line when it is answered (time, level, request id, method, path, status, ms);
 * an unexpected error gets an `error` line with its stack and the request's id. The id comes from
 * the client or proxy (`X-Request-Id`, when it is a sane token) or is made here, and is sent back
 * in `x-request-id`, so a person's report can be found in the logs.
 */
import type { MiddlewareHandler } from 'hono';
import { setOnAnswer } from './answerHeaders';
import { pino, stdTimeFunctions, type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

/** A failed query's message ends with its parameters: a password hash, a person's text. */
const PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/;

const redact = (text: unknown): string | undefined =>
  typeof text === 'string' ? text.replace(PARAMS, '\nparams: [redacted]') : undefined;

/**
 * An error as it goes into the log: its type, message, code, stack and causes, without what the
 * request carried. A failed query's parameters (a new person's password hash among them) and a
 * database's `detail` (the values of a row) stay out; the SQL text, which holds no values, stays.
 */
export function loggedError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: redact(String(error)) };
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return {
    // Drizzle's errors keep the name 'Error'; their class says what they are.
    type: error.name === 'Error' ? error.constructor.name : error.name,
    message: redact(error.message),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof constraint === 'string' ? { constraint } : {}),
    stack: redact(error.stack),
    ...(error.cause !== undefined && depth < 4
      ? { cause: loggedError(error.cause, depth + 1) }
      : {}),
  };
}

/** A logger writing JSON lines to `destination` (stdout by default) from `level` up. */
export function createLogger({
  level = 'info',
  destination,
}: { level?: string; destination?: DestinationStream } = {}): Logger {
  const options = {
    level,
    // Each line names its process: with WEB_CONCURRENCY > 1 several write to one stdout.
    base: { pid: process.pid },
    timestamp: stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    serializers: { err: loggedError },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}

/** Logs each request once answered; needs hono's `requestId` middleware before it. */
export function requestLog(
  logger: Logger,
): MiddlewareHandler<{ Variables: { requestId: string } }> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    // Again on the answer: an API endpoint answers with a Response of its own, made without it.
    setOnAnswer(c, 'X-Request-Id', c.get('requestId'));
    const status = c.res.status;
    logger[status >= 500 ? 'error' : 'info'](
      {
        reqId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  };
}
