import { decodeFillTicket, findOrderPda, findTicketPda, type FillTicket } from '@jelly/escrow';
import type { PublicKey } from '@solana/web3.js';
import type { Chain } from '../../../chain/chain.ts';

/** The escrow addresses of a deal: the offer's UniversalOrder PDA and the deal's FillTicket PDA. */
export function dealEscrowAddresses(chain: Chain, offerId: number, dealId: number): { order: PublicKey; ticket: PublicKey } {
  const [order] = findOrderPda(BigInt(offerId), chain.programId);
  const [ticket] = findTicketPda(order, BigInt(dealId), chain.programId);
  return { order, ticket };
}

/** The deal's FillTicket as the chain holds it (confirmed), or null when the deal was never locked. */
export async function readTicket(chain: Chain, offerId: number, dealId: number): Promise<FillTicket | null> {
  const { ticket } = dealEscrowAddresses(chain, offerId, dealId);
  const account = await chain.connection.getAccountInfo(ticket, 'confirmed');
  if (!account || !account.owner.equals(chain.programId)) return null;
  return decodeFillTicket(account.data);
}
