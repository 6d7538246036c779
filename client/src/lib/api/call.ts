/**
 * The typed fetcher: calls an operation by its name, with the route and types of its one declaration
 * (@newsroom/common/api). Only the route table is bundled; the declaration is read as types, so a
 * screen that calls the API loads no zod (docs/decisions/operations-declared-once.md).
 */
import type { AxiosRequestConfig } from 'axios';
import type { AnswerOf, CallInput, Operations } from '@newsroom/common/api';
import { routeOf } from '@newsroom/common/api/define';
import { ROUTES, type OperationId } from '@newsroom/common/api/routes';
import { api } from '@/lib/api-client';

/** The input a call of `Id` takes: optional when the operation declares nothing that is required. */
type Args<Id extends OperationId> =
  Record<string, never> extends CallInput<Operations[Id]>
    ? [input?: CallInput<Operations[Id]>, config?: AxiosRequestConfig]
    : [input: CallInput<Operations[Id]>, config?: AxiosRequestConfig];

/** `/articles/:id` with `{ id }`: each parameter in its place, encoded. */
export function pathWith(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: no ${name} given`);
    return encodeURIComponent(String(value));
  });
}

/** The request of operation `id` (method, address, query and body): for axios, or for a `fetch`. */
export function requestOf<Id extends OperationId>(id: Id, input?: CallInput<Operations[Id]>) {
  const { method, path } = routeOf(ROUTES[id]);
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: object;
    body?: unknown;
  };
  return { method, url: pathWith(path, params), params: query, data: body };
}

/** Calls operation `id`; resolves with its answer's body (what its declaration says it answers). */
export async function call<Id extends OperationId>(
  id: Id,
  ...[input, config]: Args<Id>
): Promise<AnswerOf<Operations[Id]>> {
  const { data } = await api.request<AnswerOf<Operations[Id]>>({ ...requestOf(id, input), ...config });
  return data;
}
