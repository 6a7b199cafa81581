/**
 * The API contract as data, read from its source with the TypeScript parser: every function of
 * the typed client (src/api/client.ts) with its method, path, body and answer types, and every
 * type of src/api/types.ts with its fields and their TSDoc. The mock API reference is built from
 * these and from the mock's own answers (mockApiReference.test.ts), so it cannot drift.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { ANSWER_SCHEMAS } from '../../../src/api/answers';
import { endpointKey, ENDPOINTS, type EndpointName } from '../../../src/api/endpoints';

export interface ClientFunction {
  name: string;
  /** `METHOD /path` with MSW-style parameters, as in ENDPOINT_KEYS. */
  endpoint: string;
  params: string;
  request: string | null;
  response: string;
}

export interface ContractField {
  name: string;
  type: string;
  optional: boolean;
  doc: string;
}

export interface ContractType {
  name: string;
  doc: string;
  extends: string[];
  fields: ContractField[];
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** The TSDoc comment right before a node, without its stars. */
function docOf(node: ts.Node, source: ts.SourceFile): string {
  const ranges = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? [];
  const last = ranges.at(-1);
  if (!last) return '';
  const text = source.text.slice(last.pos, last.end);
  if (!text.startsWith('/**')) return '';
  return text
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trim())
    .filter(Boolean)
    .join(' ');
}

/** The body's type: `{ postData } satisfies PostDataRequest`, or the parameter's type. */
function requestType(fn: ts.ArrowFunction, options: ts.Expression | undefined): string | null {
  if (!options || !ts.isObjectLiteralExpression(options)) return null;
  for (const property of options.properties) {
    if (property.name?.getText() !== 'body') continue;
    if (ts.isPropertyAssignment(property) && ts.isSatisfiesExpression(property.initializer)) {
      return property.initializer.type.getText();
    }
    if (ts.isShorthandPropertyAssignment(property)) {
      const parameter = fn.parameters.find((each) => each.name.getText() === 'body');
      return parameter?.type?.getText() ?? null;
    }
  }
  return null;
}

/** The name an endpoint's answer schema has in answers.ts (`PostsResponse`). */
function answerName(name: EndpointName): string {
  const { answer } = ENDPOINTS[name];
  const found = Object.entries(ANSWER_SCHEMAS).find(([, schema]) => schema === answer);
  return found?.[0] ?? 'object';
}

/**
 * Every function of the client's returned object, in source order: each is one `call('name',
 * …)` of the endpoint table, whose method, path and answer the table gives.
 */
export function readClient(file = 'src/api/client.ts'): ClientFunction[] {
  const source = parse(file);
  const functions: ClientFunction[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isArrowFunction(node.initializer) &&
      ts.isCallExpression(node.initializer.body) &&
      node.initializer.body.expression.getText() === 'call'
    ) {
      const fn = node.initializer;
      const [endpoint, options] = node.initializer.body.arguments;
      if (!endpoint || !ts.isStringLiteral(endpoint) || !(endpoint.text in ENDPOINTS)) {
        throw new Error(`Unexpected client function: ${node.getText()}`);
      }
      const name = endpoint.text as EndpointName;
      functions.push({
        name: node.name.getText(),
        endpoint: endpointKey(name),
        params: fn.parameters.map((parameter) => parameter.getText()).join(', '),
        request: requestType(fn, options),
        response: answerName(name),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return functions;
}

/**
 * Every interface of the contract, in source order; the interfaces a module of the contract
 * re-exports from a sibling (`export type { … } from './personTypes'`) where it re-exports them.
 */
export function readTypes(file = 'src/api/types.ts'): ContractType[] {
  const source = parse(file);
  return source.statements.flatMap((statement): ContractType[] => {
    if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier !== undefined &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text.startsWith('./')
    ) {
      const sibling = file.replace(/[^/]+$/u, `${statement.moduleSpecifier.text.slice(2)}.ts`);
      return readTypes(sibling);
    }
    if (!ts.isInterfaceDeclaration(statement)) return [];
    return [
      {
        name: statement.name.text,
        doc: docOf(statement, source),
        extends: (statement.heritageClauses ?? []).flatMap((clause) =>
          clause.types.map((type) => type.getText()),
        ),
        fields: statement.members.filter(ts.isPropertySignature).map((member) => ({
          name: member.name.getText(),
          type: member.type?.getText() ?? 'unknown',
          optional: member.questionToken !== undefined,
          doc: docOf(member, source),
        })),
      },
    ];
  });
}
