import { GENERIC, INPUT_TEXTS } from '@canopy/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError, failureBody, isUniqueViolation } from '../lib/errors.ts';
import { answerUnavailable } from '../observability/database-outage.ts';

// Fastify's own errors that a client's mistake causes, with the text we answer instead of its own.
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: GENERIC.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'This content type is not accepted here' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: GENERIC.badRequest },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: GENERIC.bodyTooLarge },
  FST_FILES_LIMIT: { status: 413, message: 'Too many files in one request' },
  FST_PARTS_LIMIT: { status: 413, message: 'Too many form fields in one request' },
  FST_FIELDS_LIMIT: { status: 413, message: 'Too many form fields in one request' },
  FST_PROTO_VIOLATION: { status: 400, message: GENERIC.badRequest },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: 'This request must be sent as a form upload' },
  FST_ERR_VALIDATION: { status: 400, message: GENERIC.badRequest },
};

/**
 * The multipart parser (busboy) reports a body it cannot parse (no boundary, cut off mid-part)
 * with a plain Error and no code; a system error (a full disk) always has one.
 */
const isMalformedMultipart = (error: FastifyError) =>
  !error.code && /multipart|boundary/i.test(error.message);

/** Maps every thrown error to SPEC's failure body; a 5xx never carries internals to the client. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // After a 413 the rest of an oversized body would still be read (and thrown away) to keep the
    // connection alive; closing it is cheaper.
    if (error instanceof AppError && error.status === 413) reply.header('connection', 'close');
    if (error instanceof AppError) {
      return reply.status(error.status).send(failureBody(error.status, error.message, error.details));
    }
    if (error instanceof ZodError) {
      return reply.status(400).send(failureBody(400, error.issues[0]?.message ?? GENERIC.badRequest));
    }
    if (isUniqueViolation(error)) {
      return reply.status(409).send(failureBody(409, 'This record already exists'));
    }
    if (isMalformedMultipart(error))
      return reply.status(400).send(failureBody(400, INPUT_TEXTS.malformedUpload));
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send(failureBody(known.status, known.message));
    if (error.statusCode === 429) return reply.status(429).send(failureBody(429, GENERIC.rateLimited));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(failureBody(error.statusCode, GENERIC.badRequest));
    }
    // Logged once per outage by the tracker, not once per request.
    if (app.databaseOutage.recognise(error)) return answerUnavailable(reply);
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failureBody(500, GENERIC.internal));
  });
}
