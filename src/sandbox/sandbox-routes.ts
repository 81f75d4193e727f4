import type { IncomingMessage } from 'node:http';
import type { Operations } from '../../generated/profile/profile.gen.js';
import { OPERATION_NAMES, OPERATIONS, type OperationName } from '../contract/operations.js';
import { ApiError } from './api/api-error.js';
import { errorAnswer, handleOperation } from './api/interface-pipeline.js';
import { handleControl, type Reset } from './control/control-api.js';
import { handlePublicPage } from './control/public-pages.js';
import type { HelperApi } from './helpers/helper-routes.js';
import { handleHelper } from './helpers/test-helpers.js';
import type { Answer } from './http/answer.js';
import type { Routes } from './http/sandbox-server.js';
import type { SandboxContext } from './sandbox-context.js';

/** Bodies above these sizes get 400 (the interface's code for a body it cannot take, §7). */
export const BODY_LIMIT = 256 * 1024;
export const UPLOAD_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * Interface operations at the profile's paths, the control API under its base path (when there is a token: the
 * foreign flavour has none; without one, the payment page and media when the flavour serves them), the flavour's test helpers under theirs (when the profile names their key), 404
 * NOT_FOUND elsewhere.
 */
export function sandboxRoutes(
  ctx: SandboxContext,
  operations: Operations,
  controlToken: string | undefined,
  reset: Reset,
  helpers?: { readonly api: HelperApi; readonly key: string },
  /** Without a control API: whether its base path still serves the payment page and media (public-pages.ts). */
  publicPages = false,
): Routes {
  const byPath = new Map<string, { operation: OperationName; method: string }>();
  for (const operation of OPERATION_NAMES) {
    const endpoint = operations[operation];
    if (endpoint !== undefined) byPath.set(endpoint.path, { operation, method: endpoint.method ?? 'POST' });
  }
  const controlPrefix = `${ctx.controlBasePath}/`;
  const uploadPath = operations.mediaUpload?.path;
  return {
    limitFor: (path) =>
      path === uploadPath || (controlToken !== undefined && path.startsWith(controlPrefix))
        ? UPLOAD_BODY_LIMIT
        : BODY_LIMIT,
    tooLarge: (_path, limit) => errorAnswer(ctx, ApiError.badRequest(`the body is larger than ${limit} bytes`)),
    answer: (req: IncomingMessage, path: string, query: string, bytes: Buffer): Answer | Promise<Answer> => {
      if (helpers !== undefined && path.startsWith(`${helpers.api.basePath}/`)) {
        return handleHelper(ctx, helpers.api, helpers.key, {
          method: req.method ?? '',
          path: path.slice(helpers.api.basePath.length + 1),
          headers: req.headers,
          bytes,
        });
      }
      if (controlToken !== undefined && path.startsWith(controlPrefix)) {
        return handleControl(ctx, controlToken, reset, {
          method: req.method ?? '',
          path: path.slice(controlPrefix.length),
          query: new URLSearchParams(query),
          headers: req.headers,
          bytes,
        });
      }
      if (controlToken === undefined && publicPages && path.startsWith(controlPrefix)) {
        return handlePublicPage(ctx, {
          method: req.method ?? '',
          path: path.slice(controlPrefix.length),
          query: new URLSearchParams(query),
        });
      }
      const route = ctx.faults.has('create-paths-unversioned') ? unversionedRoute(byPath, path) : byPath.get(path);
      if (route === undefined || route.method !== req.method) return errorAnswer(ctx, ApiError.notFound());
      return handleOperation(ctx, route.operation, bytes);
    },
  };
}

/**
 * The routes of a service that dropped the v1 segment from the creation paths (§9): pay_in and pay_out answer at
 * /api/payments/pay_in and /api/payments/pay_out, and their v1 paths are unknown.
 */
function unversionedRoute(
  byPath: ReadonlyMap<string, { operation: OperationName; method: string }>,
  path: string,
): { operation: OperationName; method: string } | undefined {
  const route = byPath.get(path);
  if (route !== undefined && OPERATIONS[route.operation].createsPayment) return undefined;
  if (route !== undefined) return route;
  for (const [versioned, candidate] of byPath) {
    if (OPERATIONS[candidate.operation].createsPayment && versioned.replace('/v1/', '/') === path) return candidate;
  }
  return undefined;
}
