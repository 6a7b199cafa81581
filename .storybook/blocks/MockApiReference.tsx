import type { CSSProperties, ReactNode } from 'react';
import reference from '../../stories/docs/mock-api.reference.json';

/**
 * The mock API reference of 'Guides/Mock API', drawn from stories/docs/mock-api.reference.json:
 * the contract read from src/api (client functions, body and answer types with their TSDoc) and
 * what the mock answered to each call, written by tests/unit/docs/mockApiReference.test.ts. That
 * test fails when the file no longer matches the code, so this page cannot fall behind it.
 */

interface Reference {
  general: { when: string; status: number; body: unknown; allow?: string }[];
  endpoints: {
    endpoint: string;
    method: string;
    path: string;
    /** The example call's query string, for an endpoint that reads one (`?q=maya`). */
    query?: string;
    /**
     * Needed (true) or not (false); or 'optional' (sent, the answer marks the caller's own
     * likes; a bad one is a 401). A string here: JSON's types do not keep the literal.
     */
    token: boolean | string;
    client: { name: string; params: string; request: string | null; response: string };
    example: unknown;
    answer: { status: number; shape: string };
    refused: { when: string; status: number; message: string }[];
  }[];
  types: {
    name: string;
    doc: string;
    extends: string[];
    fields: { name: string; type: string; optional: boolean; doc: string }[];
  }[];
}

const data: Reference = reference;

const cell: CSSProperties = { padding: '0.4rem 0.75rem', verticalAlign: 'top', textAlign: 'left' };
const table: CSSProperties = {
  borderCollapse: 'collapse',
  width: '100%',
  margin: '0.5rem 0 1.5rem',
};

const anchor = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-$/, '');
const typeNames = new Set(data.types.map((type) => type.name));

/** A type name linked to its fields below, when the contract defines it. */
function TypeName({ name }: { name: string }) {
  const base = name.replace(/\[\]$/, '');
  return typeNames.has(base) ? (
    <a href={`#type-${anchor(base)}`}>
      <code>{name}</code>
    </a>
  ) : (
    <code>{name}</code>
  );
}

/** A table of answers: its caption, then When / Status / `last` columns over `children`' rows. */
function AnswerTable({
  caption,
  last,
  children,
}: {
  caption: ReactNode;
  last: string;
  children: ReactNode;
}) {
  return (
    <table style={table}>
      <caption style={{ textAlign: 'left', fontWeight: 700 }}>{caption}</caption>
      <thead>
        <tr>
          {['When', 'Status', last].map((title) => (
            <th key={title} scope="col" style={cell}>
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** The answers every endpoint shares. */
export function GeneralAnswers() {
  return (
    <AnswerTable caption="Answers every endpoint shares" last="Body">
      {data.general.map((answer) => (
        <tr key={answer.when}>
          <td style={cell}>{answer.when}</td>
          <td style={cell}>
            {answer.status}
            {answer.allow && (
              <>
                , <code>Allow: {answer.allow}</code>
              </>
            )}
          </td>
          <td style={cell}>
            <code>{JSON.stringify(answer.body)}</code>
          </td>
        </tr>
      ))}
    </AnswerTable>
  );
}

/** One line per endpoint, linking to its section. */
export function EndpointIndex() {
  return (
    <ul>
      {data.endpoints.map(({ endpoint, method, path, client }) => (
        <li key={endpoint}>
          <a href={`#${anchor(endpoint)}`}>
            <code>
              {method} {path}
            </code>
          </a>{' '}
          (<code>{client.name}</code>)
        </li>
      ))}
    </ul>
  );
}

/** Every endpoint: its client function, body, answer, an example and what it refuses. */
export function Endpoints() {
  return (
    <>
      {data.endpoints.map(
        ({ endpoint, method, path, query, token, client, example, answer, refused }) => (
          <section key={endpoint} aria-labelledby={anchor(endpoint)}>
            <h3 id={anchor(endpoint)}>
              <code>
                {method} {path}
              </code>
            </h3>
            <ul>
              <li>
                Client: <code>{`api.${client.name}(${client.params})`}</code>
              </li>
              <li>
                Token:{' '}
                {token === 'optional'
                  ? "optional: sent, the answer marks the caller's own likes (a bad one: 401)"
                  : token
                    ? 'needed, as the raw value of the authorization header'
                    : 'not needed (anyone may call it)'}
              </li>
              {query !== undefined && (
                <li>
                  Query: <code>{query}</code>
                </li>
              )}
              <li>Body: {client.request ? <TypeName name={client.request} /> : 'none'}</li>
              <li>
                Answer: {answer.status} <TypeName name={client.response} />,{' '}
                <code>{answer.shape}</code>
              </li>
            </ul>
            {example !== null && (
              <pre>
                <code>{JSON.stringify(example, null, 2)}</code>
              </pre>
            )}
            {refused.length > 0 && (
              <AnswerTable
                caption={`Refused${token === true ? ' (besides a missing or bad token: 401)' : ''}`}
                last="Message"
              >
                {refused.map((refusal) => (
                  <tr key={refusal.when}>
                    <td style={cell}>{refusal.when}</td>
                    <td style={cell}>{refusal.status}</td>
                    <td style={cell}>
                      <q>{refusal.message}</q>
                    </td>
                  </tr>
                ))}
              </AnswerTable>
            )}
          </section>
        ),
      )}
    </>
  );
}

/** Every type of the contract with its fields and their TSDoc. */
export function ContractTypes() {
  return (
    <>
      {data.types.map((type) => (
        <section key={type.name} aria-labelledby={`type-${anchor(type.name)}`}>
          <h3 id={`type-${anchor(type.name)}`}>
            <code>{type.name}</code>
          </h3>
          {type.doc && <p>{type.doc}</p>}
          {type.extends.length > 0 && (
            <p>
              Has every field of{' '}
              {type.extends.map((name, index) => (
                <span key={name}>
                  {index > 0 && ', '}
                  <TypeName name={name} />
                </span>
              ))}
              , and:
            </p>
          )}
          <table style={table}>
            <thead>
              <tr>
                <th scope="col" style={cell}>
                  Field
                </th>
                <th scope="col" style={cell}>
                  Type
                </th>
                <th scope="col" style={cell}>
                  About
                </th>
              </tr>
            </thead>
            <tbody>
              {type.fields.map((field) => (
                <tr key={field.name}>
                  <td style={cell}>
                    <code>
                      {field.name}
                      {field.optional ? '?' : ''}
                    </code>
                  </td>
                  <td style={cell}>
                    <TypeName name={field.type} />
                  </td>
                  <td style={cell}>{field.doc}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}
