/**
 * Whether an OpenAPI export allows every answer a target gave (issue 40): each exchange of a sandbox recording
 * (`sandbox --record FILE`, e.g. during a certification) is matched to the document's operation by method and path,
 * and its status looked up among that operation's responses. A status the document does not list is what a tool
 * driven by the export would report as an answer the contract forbids: the export says less than the target does.
 */
import type { Recording } from '../client-report/read-recording.js';

/** An operation's status the recording holds and the document does not list. */
export interface UnlistedAnswer {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** How many exchanges got it, and the recording line of the first. */
  readonly count: number;
  readonly firstLine: number;
}

export interface AnsweredStatuses {
  /** Each operation the recording reached, with the statuses it answered (sorted). */
  readonly answered: Readonly<Record<string, readonly number[]>>;
  readonly unlisted: readonly UnlistedAnswer[];
  /** Exchanges at a method and path the document does not name (the sandbox's control API, probes). */
  readonly outsideDocument: number;
}

interface OperationObject {
  readonly operationId?: unknown;
  readonly responses?: unknown;
}

type Document = Readonly<Record<string, unknown>>;

/** The document's operations by "METHOD path" (the paths are literal: the interface's operations take no path parameters). */
function operationsOf(document: Document): Map<string, { operationId: string; statuses: Set<string> }> {
  const operations = new Map<string, { operationId: string; statuses: Set<string> }>();
  const paths = (typeof document.paths === 'object' && document.paths !== null ? document.paths : {}) as Record<
    string,
    unknown
  >;
  for (const [route, item] of Object.entries(paths)) {
    if (typeof item !== 'object' || item === null) continue;
    for (const [method, value] of Object.entries(item)) {
      if (typeof value !== 'object' || value === null) continue;
      const operation = value as OperationObject;
      if (typeof operation.operationId !== 'string') continue;
      const responses =
        typeof operation.responses === 'object' && operation.responses !== null ? operation.responses : {};
      operations.set(`${method.toUpperCase()} ${route}`, {
        operationId: operation.operationId,
        statuses: new Set(Object.keys(responses)),
      });
    }
  }
  return operations;
}

/** Whether a response key (200, 4XX, default) covers a status (OpenAPI 3.1 §4.8.16). */
function covers(statuses: ReadonlySet<string>, status: number): boolean {
  return statuses.has(String(status)) || statuses.has(`${String(status)[0]}XX`) || statuses.has('default');
}

export function answeredStatuses(document: Document, recording: Recording): AnsweredStatuses {
  const operations = operationsOf(document);
  const answered = new Map<string, Set<number>>();
  const unlisted = new Map<string, UnlistedAnswer>();
  let outsideDocument = 0;
  for (const { line, exchange } of recording.exchanges) {
    const route = exchange.path.split('?', 1)[0] ?? exchange.path;
    const operation = operations.get(`${exchange.method} ${route}`);
    if (operation === undefined) {
      outsideDocument++;
      continue;
    }
    answered.set(operation.operationId, (answered.get(operation.operationId) ?? new Set()).add(exchange.status));
    if (covers(operation.statuses, exchange.status)) continue;
    const key = `${operation.operationId} ${exchange.status}`;
    const seen = unlisted.get(key);
    unlisted.set(key, {
      operationId: operation.operationId,
      method: exchange.method,
      path: route,
      status: exchange.status,
      count: (seen?.count ?? 0) + 1,
      firstLine: seen?.firstLine ?? line,
    });
  }
  return {
    answered: Object.fromEntries(
      [...answered].sort(([a], [b]) => a.localeCompare(b)).map(([id, set]) => [id, [...set].sort((a, b) => a - b)]),
    ),
    unlisted: [...unlisted.values()].sort((a, b) => a.operationId.localeCompare(b.operationId) || a.status - b.status),
    outsideDocument,
  };
}

/** One line per unlisted answer, for the command's output. */
export function unlistedText(result: AnsweredStatuses): string {
  return result.unlisted
    .map(
      (u) =>
        `${u.operationId} (${u.method} ${u.path}) answered ${u.status} ${u.count} time(s), first at line ${u.firstLine}: ` +
        'the document lists no such response',
    )
    .join('\n');
}
