/**
 * The OpenAPI document as tests read it: its operations, a validator of answers against the
 * documented responses (ajv, JSON Schema 2020-12), and the routes an Express app really has.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import type { Express } from 'express';
import type { Response } from 'supertest';

type Json = Record<string, unknown>;

export interface DocOperation {
  operationId: string;
  method: string;
  /** Express-style: /articles/:id */
  path: string;
  /** OpenAPI-style: /articles/{id} */
  docPath: string;
  spec: Json & { responses: Record<string, Json>; parameters?: Json[]; requestBody?: Json };
}

export function documentedOperations(doc: Json): DocOperation[] {
  const paths = doc.paths as Record<string, Record<string, DocOperation['spec']>>;
  return Object.entries(paths).flatMap(([docPath, methods]) =>
    Object.entries(methods).map(([method, spec]) => ({
      operationId: spec.operationId as string,
      method,
      path: docPath.replace(/\{(\w+)\}/g, ':$1'),
      docPath,
      spec,
    })),
  );
}

/** What a call answered, whatever its transport (supertest, or a raw stream). */
export interface Answer {
  status: number;
  /** Media type without parameters. */
  type: string;
  body: unknown;
}

export const answerOf = (res: Response): Answer => ({
  status: res.status,
  type: String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim(),
  body: res.body,
});

const DOC_ID = 'https://newsroom.test/openapi.json';
const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
// ajv-formats' default export is typed for CommonJS interop.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => void;

/** Compiles a schema of the document, addressed from one of its operations (ajv, JSON Schema 2020-12). */
function schemaCompiler(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, DOC_ID);
  const compiled = new Map<string, ValidateFunction>();
  return (op: DocOperation, ...parts: string[]): ValidateFunction => {
    const ref = `${DOC_ID}#/${pointer('paths', op.docPath, op.method, ...parts)}`;
    let validate = compiled.get(ref);
    if (!validate) compiled.set(ref, (validate = ajv.compile({ $ref: ref })));
    return validate;
  };
}

/** Checks answers against the document: status documented, media type documented, body valid. */
export function answerChecker(doc: Json) {
  const schemaOf = schemaCompiler(doc);

  return (op: DocOperation, answer: Answer): string[] => {
    const documented = op.spec.responses[String(answer.status)];
    if (!documented) {
      return [
        `${op.operationId}: answered ${answer.status}, not documented (${JSON.stringify(answer.body)})`,
      ];
    }
    const content = documented.content as Record<string, unknown> | undefined;
    if (!content) return [];
    if (!(answer.type in content)) {
      return [
        `${op.operationId} ${answer.status}: answered ${answer.type}, documented ${Object.keys(content)}`,
      ];
    }
    if (answer.type !== 'application/json') return [];
    const validate = schemaOf(
      op,
      'responses',
      String(answer.status),
      'content',
      'application/json',
      'schema',
    );
    if (validate(answer.body)) return [];
    return (validate.errors ?? []).map(
      (e) =>
        `${op.operationId} ${answer.status}: body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
    );
  };
}

/**
 * Whether the document accepts an input: a parameter's value (as its schema reads it: a list for a
 * comma-separated parameter), a JSON request body, or one event of a 200 event stream.
 */
export function inputChecker(doc: Json) {
  const schemaOf = schemaCompiler(doc);
  return {
    parameter(op: DocOperation, name: string, value: unknown): boolean {
      const at = (op.spec.parameters ?? []).findIndex((p) => p.name === name);
      if (at < 0) throw new Error(`${op.operationId} documents no parameter ${name}`);
      return schemaOf(op, 'parameters', String(at), 'schema')(value);
    },
    body(op: DocOperation, value: unknown): boolean {
      return schemaOf(op, 'requestBody', 'content', 'application/json', 'schema')(value);
    },
    event(op: DocOperation, event: unknown): boolean {
      return schemaOf(op, 'responses', '200', 'content', 'text/event-stream', 'schema')(event);
    },
  };
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  /** Express 5: false when the layer was mounted at a path other than '/'. */
  slash?: boolean;
  name?: string;
}

/**
 * Every method + path the app routes, found by walking its router stack. A router mounted at a
 * path is reported as `USE <mounted>`: its own paths cannot be read back, so the walk refuses it.
 */
export function appRoutes(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const method of Object.keys(layer.route.methods)) {
          if (method === '_all') found.push(...paths.map((p) => `ALL ${p}`));
          else found.push(...paths.map((p) => `${method.toUpperCase()} ${p}`));
        }
      } else if (layer.handle?.stack) {
        if (layer.slash === false) found.push(`USE <mounted ${layer.name}>`);
        else walk(layer.handle.stack);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}
