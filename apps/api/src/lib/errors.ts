import { type FailureCode, failureCodeOf } from '@canopy/shared';

// The one error vocabulary of the API: services throw AppError with a code and the text a person
// reads; the HTTP error handler turns it into SPEC's failure body with the code's status.

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Extra fields merged into the failure body (e.g. requiresEmailVerification); `code` names the
 * failure when its text is built from values and so cannot be looked up (decision 196).
 */
export type FailureDetails = { code?: FailureCode } & Record<string, unknown>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: FailureDetails;

  constructor(code: ErrorCode, message: string, details: FailureDetails = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const badRequest = (message: string, details?: FailureDetails) =>
  new AppError('BAD_REQUEST', message, details);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const conflict = (message: string, details?: FailureDetails) =>
  new AppError('CONFLICT', message, details);

/**
 * SPEC's failure body, with the failure's `code` (decision 196): the one its text is known by, or
 * the one a throw site named in `details.code`, else its status's.
 */
export function failureBody(status: number, message: string, details: FailureDetails = {}) {
  return {
    success: false as const,
    error: message,
    message,
    code: failureCodeOf(status, message),
    ...details,
  };
}

/** Drizzle wraps driver errors; the PostgreSQL error code sits somewhere on the cause chain. */
function databaseErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A write refused by a unique index (PostgreSQL error 23505). */
export const isUniqueViolation = (error: unknown) => databaseErrorCode(error) === '23505';
