/**
 * The HTTP kit's input door: every route parses what it is sent with one of the shared zod schemas
 * (@newsroom/common) through parseInput, so bad input is a 400 before anything reaches a service.
 */
import type { Request } from 'express';
import type { z } from 'zod';
import { Invalid } from '../errors.js';

/** Parses untrusted input; on failure throws 400 {message, errors} (nothing reaches a query). */
export function parseInput<S extends z.ZodType>(
  schema: S,
  data: unknown,
  message = 'Invalid input',
): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new Invalid(
      message,
      result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  }
  return result.data;
}

/**
 * The JSON body of a route whose body may be empty (`{}`): none at all is a 400, as the OpenAPI
 * document states (a required request body), not taken for `{}`.
 */
export function requiredBody(req: Request): unknown {
  if (req.body === undefined) throw new Invalid('A JSON body is required');
  return req.body;
}
