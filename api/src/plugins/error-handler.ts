import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, MESSAGES, codeForStatus, type ErrorBody } from '@shop/shared';
import { fromProviderError } from './provider-errors.js';

// The one place where errors become HTTP (docs/contracts.md#http-api): `{ error: { code, message } }`.
// A 4xx says exactly what was wrong; a 5xx never leaks internals.

function describeValidation(error: FastifyError): string {
  const context = (error as { validationContext?: string }).validationContext ?? 'request';
  const issues = (error.validation ?? []).map((v) => {
    const where = [
      context,
      ...String(v.instancePath ?? '')
        .split('/')
        .filter(Boolean),
    ].join('.');
    return `${where}: ${v.message}`;
  });
  return issues.length ? `Invalid ${context}: ${issues.join('; ')}` : error.message;
}

/**
 * Each invalid field of a request's body with its own message, for a form to show beside the
 * field ("Reply: write the message to send") instead of the whole technical sentence.
 */
function invalidFields(error: FastifyError): Record<string, string> | undefined {
  if ((error as { validationContext?: string }).validationContext !== 'body') return undefined;
  const fields: Record<string, string> = {};
  for (const v of error.validation ?? []) {
    const path = String(v.instancePath ?? '')
      .split('/')
      .filter(Boolean)
      .join('.');
    if (path && v.message && !(path in fields)) fields[path] = v.message;
  }
  return Object.keys(fields).length ? fields : undefined;
}

export function errorBody(code: ErrorBody['error']['code'], message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** A 4xx raised without a code of its own (415, 405, a body that does not parse): still the client's to fix, never `internal`. */
export function clientErrorBody(status: number, message: string): ErrorBody {
  const code = codeForStatus(status);
  return errorBody(code === 'internal' ? 'invalid-argument' : code, message);
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot even match (broken percent-encoding, a
 * parameter over maxParamLength) is answered before any error handler, so it is rendered here.
 */
export function frameworkErrorHandler(maxParamLength: number) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    return reply
      .status(tooLong ? 414 : 400)
      .send(errorBody('invalid-argument', tooLong ? MESSAGES.pathSegmentTooLong(maxParamLength) : MESSAGES.badUrl));
  };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((raised: FastifyError, request, reply) => {
    const provider = fromProviderError(raised);
    if (provider) request.log.warn({ err: raised }, 'provider request failed');
    const error = (provider ?? raised) as FastifyError;
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.warn({ err: error }, 'request failed');
      // A limit that says when to come back says it in the header clients and proxies read too.
      const retryAfter =
        (error as { retryAfterSeconds?: unknown }).retryAfterSeconds ??
        (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (typeof retryAfter === 'number' && retryAfter > 0) reply.header('retry-after', String(Math.ceil(retryAfter)));
      return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const fields = invalidFields(error);
      return reply
        .status(400)
        .send(errorBody('invalid-argument', describeValidation(error), fields ? { fields } : undefined));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody('internal', MESSAGES.internal));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send(clientErrorBody(status, error.message));
    request.log.error({ err: error }, 'unhandled error');
    const code = status === 503 ? 'unavailable' : 'internal';
    return reply
      .status(status >= 500 && status < 600 ? status : 500)
      .send(errorBody(code, code === 'unavailable' ? MESSAGES.storeUnavailable : MESSAGES.internal));
  });
}
