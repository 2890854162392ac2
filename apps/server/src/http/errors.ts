import { ErrorCode } from '@foyer/contract';

/** The one error type services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, fields?: Record<string, string>) {
    return new AppError(400, ErrorCode.Validation, message, fields);
  }
  static unauthenticated(message = 'Authentication required') {
    return new AppError(401, ErrorCode.Unauthenticated, message);
  }
  static forbidden(message = 'You are not allowed to do this') {
    return new AppError(403, ErrorCode.Forbidden, message);
  }
  static notFound(message = 'Not found') {
    return new AppError(404, ErrorCode.NotFound, message);
  }
  static conflict(message: string, code: string = ErrorCode.Conflict) {
    return new AppError(409, code, message);
  }
}
