/**
 * Serves an operation from its one declaration (@newsroom/common/api): the router gets its method and
 * path from it, and its handler gets the input parsed with its schemas (a malformed part is a 400
 * before the handler runs). The middleware given (guards, rate limits) runs first, as it always did.
 */
import type { Request, RequestHandler, Response, Router } from 'express';
import { routeOf, type AnyOperation, type ParsedInput } from '@newsroom/common/api';
import { parseInput, requiredBody } from './input.js';

/** What an operation's handler is given: its input, parsed, and Express's request and response. */
export type OperationHandler<Op extends AnyOperation> = (
  input: ParsedInput<Op>,
  req: Request,
  res: Response,
) => unknown;

/** The declared parts of a request, parsed in order: the path, the query, then a JSON body. */
export function parsedInput<Op extends AnyOperation>(operation: Op, req: Request): ParsedInput<Op> {
  const { params, query, body, invalid } = operation;
  return {
    params: params ? parseInput(params, req.params, invalid?.params) : {},
    query: query ? parseInput(query, req.query, invalid?.query) : {},
    body: body && 'safeParse' in body ? parseInput(body, requiredBody(req), invalid?.body) : undefined,
  } as ParsedInput<Op>;
}

/**
 * The operation's input parsed as a step of its chain, for a step after it that must see only valid
 * requests: a limiter that counts what passed validation, a guard that must not answer a malformed
 * query "premium required". The handler gets what it parsed.
 */
export const validInput =
  <Op extends AnyOperation>(operation: Op): RequestHandler =>
  (req, res, next) => {
    res.locals.input = parsedInput(operation, req);
    next();
  };

/**
 * `router.<method>(<path>, ...middleware, handler)` for the operation: the handler's answer is its
 * own to send (res.json, a status, headers), as an Express handler's is.
 */
export function serve<Op extends AnyOperation>(
  router: Router,
  operation: Op,
  ...chain: [...RequestHandler[], OperationHandler<Op>]
): void {
  const { method, path } = routeOf(operation.route);
  const handle = chain.at(-1) as OperationHandler<Op>;
  const middleware = chain.slice(0, -1) as RequestHandler[];
  router[method](path, ...middleware, async (req: Request, res: Response) => {
    const input = (res.locals.input as ParsedInput<Op> | undefined) ?? parsedInput(operation, req);
    await handle(input, req, res);
  });
}
