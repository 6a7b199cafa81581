/**
 * The API as an OpenAPI 3.1 document, made from the endpoint table (endpoints.ts) and the schemas
 * themselves (bodies.ts, answers.ts) with @valibot/to-json-schema: `GET /api/openapi.json` serves
 * it on the mock and the server alike. The rules inside a field (lengths in characters, image
 * bytes) are checks in code, so the document states them in each field's description.
 */
import { toJsonSchema, toJsonSchemaDefs, type JsonSchema } from '@valibot/to-json-schema';
import { ANSWER_SCHEMAS } from './answers';
import {
  ENDPOINT_NAMES,
  ENDPOINTS,
  isPaged,
  type EndpointName,
  type QueryParam,
} from './endpoints';

const SCHEMA_REF = /"#\/\$defs\/(\w+)"/g;

/** A schema whose references point into the document's components. */
function component<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema).replace(SCHEMA_REF, '"#/components/schemas/$1"')) as T;
}

/** The name an answer schema has among the components; undefined for an unnamed one. */
function answerName(name: EndpointName): string | undefined {
  const { answer } = ENDPOINTS[name];
  return Object.entries(ANSWER_SCHEMAS).find(([, schema]) => schema === answer)?.[0];
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

function refusal(description: string) {
  return { description, content: json({ $ref: '#/components/schemas/ErrorsBody' }) };
}

/** The header a page with a next one carries. */
const NEXT_LINK = {
  description: 'The next page, when there is one: `<URL with cursor=next>; rel="next"`',
  schema: { type: 'string' },
};

/** What a stream's messages carry. */
const EVENT_DATA =
  'Server-Sent Events: each message has an `id` (send the last as `Last-Event-ID` to resume), an `event` (the type) and `data`, a LiveEvent (components/schemas) as JSON; a comment line now and then keeps it open';

function operation(name: EndpointName) {
  const endpoint = ENDPOINTS[name];
  const parameters = [
    ...[...endpoint.path.matchAll(/:(\w+)/g)].map(([, param]) => ({
      name: param,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    })),
    ...Object.entries(('query' in endpoint ? endpoint.query : undefined) ?? {}).map(
      ([param, { required, type, minimum, maximum, description }]: [string, QueryParam]) => ({
        name: param,
        in: 'query',
        required,
        description,
        schema: {
          type,
          ...(minimum === undefined ? {} : { minimum }),
          ...(maximum === undefined ? {} : { maximum }),
        },
      }),
    ),
  ];
  const named = answerName(name);
  const answer: JsonSchema = named
    ? { $ref: `#/components/schemas/${named}` }
    : component(toJsonSchema(endpoint.answer, { target: 'draft-2020-12', errorMode: 'ignore' }));
  delete answer.$schema;
  const body =
    'body' in endpoint
      ? toJsonSchema(endpoint.body, {
          target: 'draft-2020-12',
          errorMode: 'ignore',
          typeMode: 'input',
        })
      : undefined;
  if (body) delete body.$schema;
  const form = 'form' in endpoint;
  // A form's file is its bytes (OpenAPI 3.1: a string with a media type), not a JSON value.
  if (form && body?.properties) {
    body.properties.file = { type: 'string', contentMediaType: 'application/octet-stream' };
  }
  const file = 'file' in endpoint;
  return {
    operationId: name,
    summary: endpoint.summary,
    ...(parameters.length > 0 ? { parameters } : {}),
    // An optional token: the call may be made without one (`{}`) or with it.
    ...(endpoint.auth === true ? { security: [{ token: [] }] } : {}),
    ...(endpoint.auth === 'optional' ? { security: [{}, { token: [] }] } : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            content: form ? { 'multipart/form-data': { schema: body } } : json(body),
          },
        }
      : {}),
    responses: {
      [String(endpoint.status)]: {
        description: endpoint.summary,
        content: file
          ? { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } }
          : 'stream' in endpoint
            ? // Each message's `data` is one of these, as JSON (OpenAPI 3.1 has no item schema).
              { 'text/event-stream': { schema: { type: 'string', description: EVENT_DATA } } }
            : json(answer),
        ...(isPaged(endpoint) ? { headers: { Link: NEXT_LINK } } : {}),
      },
      ...(body || parameters.length > 0 ? { '400': refusal('A field or parameter is wrong') } : {}),
      ...(endpoint.auth ? { '401': refusal('No valid token') } : {}),
      ...(parameters.some((param) => param.in === 'path') ? { '404': refusal('Not found') } : {}),
      default: refusal('Refused: the message says why'),
    },
  };
}

/** The whole document. */
export function openApiDocument() {
  const paths: Record<string, Record<string, ReturnType<typeof operation>>> = {};
  for (const name of ENDPOINT_NAMES) {
    const { method, path } = ENDPOINTS[name];
    const openApiPath = `/api${path.replace(/:(\w+)/g, '{$1}')}`;
    paths[openApiPath] = { ...paths[openApiPath], [method.toLowerCase()]: operation(name) };
  }
  const schemas = component(
    toJsonSchemaDefs(ANSWER_SCHEMAS, {
      target: 'draft-2020-12',
      errorMode: 'ignore',
    }),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Murmur API',
      version: '1.0.0',
      description:
        'Posts, comments, likes, bookmarks and follows. The same API answers in the browser (the mock) and on the Node server.',
    },
    paths,
    components: {
      schemas,
      securitySchemes: {
        token: {
          type: 'apiKey',
          in: 'header',
          name: 'authorization',
          description: "The token from sign-up or login, as the header's whole value (no Bearer)",
        },
      },
    },
  };
}
