/**
 * Request bodies read by their schemas (src/api/bodies.ts): the output, or a 400 whose message
 * names the field as the client sent it ("postData.content must be at most 500 characters").
 */
import * as v from 'valibot';
import { FIELD } from '../api/bodies';
import { badRequest } from './errors';

/** The body as its schema's output, or a 400 naming the first field that is wrong. */
export function parseBody<TSchema extends v.GenericSchema>(
  schema: TSchema,
  body: unknown,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, body, { abortEarly: true });
  if (result.success) return result.output;
  const [issue] = result.issues;
  const field = issue.path?.map((item) => String(item.key)).join('.') ?? 'body';
  throw badRequest(issue.message.replace(FIELD, field));
}
