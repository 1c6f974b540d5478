import type { EscrowProof } from '@jelly/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Proof } from './EscrowProofPage.tsx';

const source = '0660e8c306a59c71b1d9c79ea4a57a8028ac7c28deb57fdea8a9c05bf2e56c54';
const upgraded = '9b1f0c5d3e2a4b6c8d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e';

function proof(program: Partial<EscrowProof['program']>): EscrowProof {
  return {
    cluster: 'devnet',
    readAt: '2026-01-02T03:04:05.000Z',
    program: {
      programId: '28QRMMQ5LFKwgU6rqLRJCudgbHVLwWaF68xwXW4aQvAt',
      programData: '5xA5ws1dP7HM6iMxPFgEmW2ZwUPWWTkJ6YZQx3iwqPgZ',
      explorerUrl: 'https://explorer.solana.com/address/28QRMMQ5LFKwgU6rqLRJCudgbHVLwWaF68xwXW4aQvAt?cluster=devnet',
      upgradeAuthority: null,
      deployedSha256: source,
      sourceSha256: source,
      matches: true,
      ...program,
    },
    vaults: [],
    totals: [],
    escapeAfterSeconds: 30 * 24 * 60 * 60,
    reconciled: true,
  };
}

describe('the escrow program on the proof of escrow', () => {
  it('says in words that an upgraded program differs, naming the deployed hash beside the source build’s', () => {
    render(<Proof proof={proof({ deployedSha256: upgraded, matches: false })} />);
    const deployed = screen.getByText('sha256 of the deployed bytes').nextElementSibling;
    expect(deployed).toHaveTextContent(upgraded);
    expect(screen.getByText('sha256 of the source build').nextElementSibling).toHaveTextContent(source);
    expect(screen.getByTestId('program-check')).toHaveTextContent(
      `The deployed program differs from the build of the published source: its bytes hash to ${upgraded}, the source build to ${source}.`,
    );
  });

  it('says an unreadable program is not shown to be the source build', () => {
    render(<Proof proof={proof({ deployedSha256: null, matches: false })} />);
    expect(screen.getByTestId('program-check')).toHaveTextContent('The deployed program could not be read, so it is not shown to be the build of the published source.');
  });

  it('says a program equal to the source build is byte for byte that build', () => {
    render(<Proof proof={proof({})} />);
    expect(screen.getByTestId('program-check')).toHaveTextContent('The deployed program is byte for byte the build of the published source.');
  });
});
