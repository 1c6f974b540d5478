import { z } from 'zod';
import type { RpcMethods } from '../rpc/json-rpc.ts';
import { commitmentOrConfig, parseParams, pubkeySchema } from './params.ts';
import type { RpcContext } from './rpc-context.ts';

const baseUnits = z.string().regex(/^\d{1,20}$/, 'must be a string of base units (digits only)').transform(BigInt);

/** requestAirdrop (SOL) and the dev faucet jelly_faucet (SOL, USDC, USDT). */
export function faucetMethods({ faucet }: RpcContext): RpcMethods {
  return {
    requestAirdrop: (params) => {
      const [wallet, lamports] = parseParams(
        z.tuple([pubkeySchema, z.number().int().positive().max(Number.MAX_SAFE_INTEGER), commitmentOrConfig.optional()]),
        params,
      );
      return faucet.airdrop(wallet, BigInt(lamports));
    },
    jelly_faucet: (params) => {
      const request = z
        .object({ wallet: pubkeySchema, sol: baseUnits.optional(), usdc: baseUnits.optional(), usdt: baseUnits.optional() })
        .strict();
      // Accepts named params ({ wallet, ... }) or a single positional object ([{ wallet, ... }]).
      const [{ wallet, ...amounts }] = parseParams(z.tuple([request]).or(request.transform((value) => [value] as const)), params);
      return { signature: faucet.fund(wallet, amounts) };
    },
  };
}
