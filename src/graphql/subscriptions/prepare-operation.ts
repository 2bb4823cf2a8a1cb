import {
  GraphQLError,
  getOperationAST,
  getVariableValues,
  parse,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { LRUCache } from 'lru-cache';

/**
 * The codes Apollo gives, over HTTP, to operations refused before they run; the WebSocket answers
 * the same ones (docs/graphql.md, "Errors"), with the HTTP status it would have had, for the log.
 */
export const REFUSAL = {
  syntax: { code: 'GRAPHQL_PARSE_FAILED', status: 400 },
  validation: { code: 'GRAPHQL_VALIDATION_FAILED', status: 400 },
  operation: { code: 'OPERATION_RESOLUTION_FAILURE', status: 400 },
  variables: { code: 'BAD_USER_INPUT', status: 400 },
} as const;

export interface Refused {
  errors: GraphQLError[];
  status: number;
}

interface Payload {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

/** The same error with a code in its extensions (message, locations and original error kept). */
export function withCode(e: GraphQLError, code: string, extensions: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(e.message, {
    nodes: e.nodes,
    source: e.source,
    positions: e.positions,
    path: e.path,
    originalError: e.originalError ?? e,
    extensions: { ...e.extensions, ...extensions, code },
  });
}

const refuse = (kind: keyof typeof REFUSAL, errors: readonly GraphQLError[]): Refused => ({
  errors: errors.map((e) => withCode(e, REFUSAL[kind].code)),
  status: REFUSAL[kind].status,
});

/** Query texts whose parse and validation are kept (documents are never changed once parsed). */
const KEPT_DOCUMENTS = 1000;

/**
 * Query texts already parsed and validated against one schema and set of rules, as Apollo keeps
 * them for HTTP (its document store): a dashboard reconnecting opens the same subscriptions again,
 * and their validation (depth, aliases, cost) is most of what a subscribe costs. Only valid
 * documents are kept; a refused text is checked again each time, so a flood of distinct bad
 * texts cannot push the good ones out.
 */
export class ValidatedDocuments {
  private readonly kept = new LRUCache<string, DocumentNode>({ max: KEPT_DOCUMENTS });

  constructor(
    readonly schema: GraphQLSchema,
    private readonly rules: readonly ValidationRule[],
  ) {}

  /** The document, or why it is refused (syntax or validation). */
  get(query: string): DocumentNode | Refused {
    const known = this.kept.get(query);
    if (known) return known;
    let document: DocumentNode;
    try {
      document = parse(query);
    } catch (err) {
      return refuse('syntax', [err instanceof GraphQLError ? err : new GraphQLError('Syntax Error: the query could not be parsed.')]);
    }
    const invalid = validate(this.schema, document, this.rules);
    if (invalid.length) return refuse('validation', invalid);
    this.kept.set(query, document);
    return document;
  }
}

/**
 * Parses, validates and resolves one graphql-ws operation as Apollo's request pipeline does over
 * HTTP: a syntax error, a validation failure (unknown field, depth, aliases, cost, introspection
 * when off), an operation that cannot be picked or variables that do not coerce are refused here,
 * before anything runs, each with Apollo's code.
 */
export function prepareOperation(documents: ValidatedDocuments, payload: Payload): ExecutionArgs | Refused {
  const { schema } = documents;
  const document = documents.get(payload.query);
  if (isRefused(document)) return document;
  const operationName = payload.operationName ?? undefined;
  const operation = getOperationAST(document, operationName);
  if (!operation) {
    // graphql-js's own wording (execute() would say the same).
    const count = document.definitions.filter((d) => d.kind === 'OperationDefinition').length;
    const message = operationName ? `Unknown operation named "${operationName}".` : count ? 'Must provide operation name if query contains multiple operations.' : 'Must provide an operation.';
    return refuse('operation', [new GraphQLError(message)]);
  }
  const variables = getVariableValues(schema, operation.variableDefinitions ?? [], payload.variables ?? {}, { maxErrors: 50 });
  if (variables.errors) return refuse('variables', variables.errors);
  return { schema, document, variableValues: payload.variables, operationName };
}

export const isRefused = <T extends object>(r: T | Refused): r is Refused => 'errors' in r && 'status' in r;
