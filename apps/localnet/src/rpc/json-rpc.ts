import { RpcError, RPC_ERROR } from './rpc-error.ts';

export type RpcHandler = (params: unknown) => unknown;
export type RpcMethods = Readonly<Record<string, RpcHandler>>;

type RequestId = string | number | null;

export interface RpcResponse {
  jsonrpc: '2.0';
  id: RequestId;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

const MAX_BATCH = 1_000;

export type RpcLogger = (message: string, data: Record<string, unknown>) => void;

function errorResponse(id: RequestId, error: RpcError): RpcResponse {
  return { jsonrpc: '2.0', id, error: error.toJson() };
}

function isValidId(id: unknown): id is RequestId {
  return id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
}

/** Handles one JSON-RPC request object; returns undefined for a notification (no id). */
async function handleOne(request: unknown, methods: RpcMethods, log?: RpcLogger): Promise<RpcResponse | undefined> {
  if (request === null || typeof request !== 'object' || Array.isArray(request)) {
    return errorResponse(null, new RpcError(RPC_ERROR.invalidRequest, 'Invalid request'));
  }
  const { jsonrpc, method, params } = request as Record<string, unknown>;
  const hasId = 'id' in request;
  const rawId = (request as Record<string, unknown>).id;
  const id = isValidId(rawId) ? rawId : null;
  if (jsonrpc !== '2.0' || typeof method !== 'string' || (hasId && !isValidId(rawId))) {
    return errorResponse(id, new RpcError(RPC_ERROR.invalidRequest, 'Invalid request'));
  }
  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
  try {
    if (!handler) throw new RpcError(RPC_ERROR.methodNotFound, 'Method not found');
    const result = await handler(params);
    return hasId ? { jsonrpc: '2.0', id, result } : undefined;
  } catch (error) {
    if (!hasId) return undefined;
    if (error instanceof RpcError) return errorResponse(id, error);
    log?.('rpc method failed', { method, error: error instanceof Error ? error.stack ?? error.message : String(error) });
    return errorResponse(id, new RpcError(RPC_ERROR.internalError, 'Internal error'));
  }
}

/**
 * Answers a parsed JSON-RPC 2.0 payload: a single request or a batch. Returns undefined when nothing
 * must be sent back (only notifications).
 */
export async function handleJsonRpc(
  payload: unknown,
  methods: RpcMethods,
  log?: RpcLogger,
): Promise<RpcResponse | RpcResponse[] | undefined> {
  if (!Array.isArray(payload)) return handleOne(payload, methods, log);
  if (payload.length === 0) return errorResponse(null, new RpcError(RPC_ERROR.invalidRequest, 'Invalid request'));
  if (payload.length > MAX_BATCH) {
    return errorResponse(null, new RpcError(RPC_ERROR.invalidRequest, `Batch too large: at most ${MAX_BATCH} requests`));
  }
  const responses: RpcResponse[] = [];
  // In order, one after the other: a batch that sends then reads sees its own writes.
  for (const request of payload) {
    const response = await handleOne(request, methods, log);
    if (response) responses.push(response);
  }
  return responses.length > 0 ? responses : undefined;
}

export function parseErrorResponse(): RpcResponse {
  return errorResponse(null, new RpcError(RPC_ERROR.parseError, 'Parse error'));
}
