/** Typed errors thrown by services; the error middleware in app.ts turns each into JSON. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends HttpError {
  constructor(message = 'Invalid input', errors: unknown[] = []) {
    super(400, message, { errors });
  }
}
export class Unauthorized extends HttpError {
  constructor(message = 'Unauthorized access') {
    super(401, message);
  }
}
export class Forbidden extends HttpError {
  constructor(message = 'Forbidden access') {
    super(403, message);
  }
}
export class NotFound extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}
/** 402 with needPremium: the client shows the 'Need Premium' modal, never logs out. */
export class NeedPremium extends HttpError {
  constructor(message = 'Premium subscription required') {
    super(402, message, { needPremium: true });
  }
}
export class ServiceUnavailable extends HttpError {
  constructor(message: string) {
    super(503, message);
  }
}
