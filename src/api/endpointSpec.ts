/**
 * What an entry of the endpoint table (endpoints.ts) says, and the query parameters several
 * entries share.
 */
import type * as v from 'valibot';
import { PAGE_RULE } from './rules';

export type Method = 'GET' | 'POST' | 'DELETE';

export type Auth = boolean | 'optional';

export interface EndpointSpec {
  method: Method;
  /** Under the API's base, e.g. `/posts/:postId`. */
  path: string;
  /** The status of a success. */
  status: number;
  /**
   * Whether the call needs a valid token in the `authorization` header. `'optional'`: a public
   * read that may send one, to have the caller's own likes and dislikes marked; a token sent that
   * is not valid is refused as on an endpoint that needs one.
   */
  auth: Auth;
  /** What it does, in one line (the OpenAPI summary). */
  summary: string;
  /** The JSON body's schema; absent for a call without a body. */
  body?: v.GenericSchema;
  /** The body is multipart/form-data, whose fields `body` describes (an upload). */
  form?: true;
  /**
   * The answer is a file, served as its own bytes and type (cacheable for a year: its name is a
   * hash of what it holds); `answer` describes it inside the service.
   */
  file?: true;
  /**
   * The answer is a stream of Server-Sent Events (`text/event-stream`) that stays open; `answer`
   * describes one event's `data`.
   */
  stream?: true;
  /** Query parameters by name. */
  query?: Readonly<Record<string, QueryParam>>;
  answer: v.GenericSchema;
}

/** A query parameter: whether it must be sent, and what it holds (as the document says). */
export interface QueryParam {
  required: boolean;
  /** Text, or a whole number from `minimum` to `maximum`. */
  type: 'string' | 'integer';
  minimum?: number;
  maximum?: number;
  description: string;
}

/** The query of a paged list: where to start and how many. */
export const PAGE_QUERY = {
  cursor: {
    required: false,
    type: 'string',
    description: "The previous page's `next`; absent for the first page",
  },
  limit: {
    required: false,
    type: 'integer',
    minimum: PAGE_RULE.minLimit,
    maximum: PAGE_RULE.maxLimit,
    description: `How many items (${PAGE_RULE.defaultLimit} when absent)`,
  },
} as const satisfies Record<string, QueryParam>;

/** Whether an endpoint answers a page (its query has a `cursor`): it then sends a `Link`. */
export const isPaged = (spec: EndpointSpec): boolean => spec.query?.cursor !== undefined;

export const SEARCH_QUERY = {
  required: true,
  type: 'string',
  description: 'What to look for (trimmed; 1 to 100 characters)',
} as const satisfies QueryParam;

export const spec = <const T extends EndpointSpec>(endpoint: T): T => endpoint;
