/**
 * Every answer the contract suite sees, checked against the API's own OpenAPI document: the
 * client the tests use is given a fetch that validates each answer (its status's schema, or the
 * error body's) with a real JSON Schema validator (Ajv, draft 2020-12). A field the document does
 * not name, a missing one or a wrong type is a finding, reported by the harness after the test.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';

interface Operation {
  responses: Record<string, { content?: { 'application/json'?: { schema: unknown } } }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

/** `/api/posts/{postId}` as a pattern over a request's path. */
function pattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`);
}

/** Validates answers against `document`; `findings` gathers what did not fit. */
export function answerChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: 'murmur', components: document.components });
  const compiled = new Map<unknown, ValidateFunction>();
  const validatorFor = (schema: unknown): ValidateFunction => {
    let validate = compiled.get(schema);
    if (validate === undefined) {
      // The document's references point at #/components: resolve them in the added schema.
      const text = JSON.stringify(schema).replaceAll('"#/components/', '"murmur#/components/');
      validate = ajv.compile(JSON.parse(text) as object);
      compiled.set(schema, validate);
    }
    return validate;
  };
  // Fixed paths before ones with parameters: `/users/bookmark` is not `/users/{userId}`.
  const routes = Object.entries(document.paths)
    .sort(([a], [b]) => a.split('{').length - b.split('{').length || b.length - a.length)
    .map(([path, operations]) => ({ test: pattern(path), operations }));
  const findings: string[] = [];

  function check(method: string, path: string, status: number, body: unknown): void {
    const route = routes.find(({ test }) => test.test(path));
    const operation = route?.operations[method.toLowerCase()];
    if (operation === undefined) {
      // An unknown path or method answers the error body; anything else is a finding.
      if (status < 400) findings.push(`${method} ${path}: ${status} from no documented operation`);
      return;
    }
    const response = operation.responses[String(status)] ?? operation.responses.default;
    const schema =
      status >= 500
        ? { $ref: '#/components/schemas/ErrorBody' }
        : status >= 400
          ? { $ref: '#/components/schemas/ErrorsBody' }
          : response?.content?.['application/json']?.schema;
    if (schema === undefined) {
      findings.push(`${method} ${path}: status ${status} is not documented`);
      return;
    }
    const validate = validatorFor(schema);
    if (!validate(body)) {
      findings.push(`${method} ${path} ${status}: ${ajv.errorsText(validate.errors)}`);
    }
  }

  /** A fetch that checks every JSON answer it passes on. */
  const fetchChecked: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const text = await response.clone().text();
    if (text !== '') check(init?.method ?? 'GET', url.pathname, response.status, JSON.parse(text));
    return response;
  };

  return { fetch: fetchChecked, findings };
}
