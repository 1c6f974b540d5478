import type { AdminToken, UpdateTokenRequest } from '@jelly/contracts';
import { PROCESSING } from '@jelly/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import table from './AdminTable.module.css';

export interface TokenEditRowProps {
  token: AdminToken;
  busy: boolean;
  /** Only the fields that changed; nothing when none did. */
  onSave: (changes: UpdateTokenRequest) => void;
  onCancel: () => void;
}

/** A token's row as a small form: symbol, name, icon URL and mintDevnet (the mint and decimals are the chain's). */
export function TokenEditRow({ token, busy, onSave, onCancel }: TokenEditRowProps) {
  const [form, setForm] = useState({ symbol: token.symbol, name: token.name, icon: token.icon, mintDevnet: token.mintDevnet ?? '' });
  const blank = form.symbol.trim() === '' || form.name.trim() === '' || form.icon.trim() === '';
  const save = () => {
    const changes: UpdateTokenRequest = {};
    if (form.symbol.trim() !== token.symbol) changes.symbol = form.symbol.trim();
    if (form.name.trim() !== token.name) changes.name = form.name.trim();
    if (form.icon.trim() !== token.icon) changes.icon = form.icon.trim();
    const devnet = form.mintDevnet.trim() === '' ? null : form.mintDevnet.trim();
    if (devnet !== token.mintDevnet) changes.mintDevnet = devnet;
    if (Object.keys(changes).length === 0) onCancel();
    else onSave(changes);
  };
  const input = (field: keyof typeof form, label: string) => (
    <input aria-label={label} value={form[field]} onChange={(event) => setForm({ ...form, [field]: event.target.value })} />
  );
  return (
    <tr aria-label={`Edit ${token.symbol}`}>
      <td>
        {input('symbol', 'Symbol')} {input('name', 'Name')}
      </td>
      <td className={table.mono}>
        {token.mint}
        <br />
        {input('mintDevnet', 'mintDevnet')}
      </td>
      <td>{token.decimals}</td>
      <td colSpan={2}>{input('icon', 'Icon URL')}</td>
      <td>
        <Button size="small" disabled={busy || blank} onClick={save}>
          {busy ? PROCESSING : 'Save'}
        </Button>{' '}
        <Button size="small" variant="secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </td>
    </tr>
  );
}

export interface TokenRowProps {
  token: AdminToken;
  busy: boolean;
  onEdit: () => void;
  onToggleVerified: () => void;
  onToggleDisabled: () => void;
}

/** A listed token: icon, symbol and name, mint, decimals, verified, listed or disabled, and its actions. */
export function TokenRow({ token, busy, onEdit, onToggleVerified, onToggleDisabled }: TokenRowProps) {
  return (
    <tr>
      <td>
        <img src={token.icon} alt="" width={20} height={20} /> {token.symbol} · {token.name}
      </td>
      <td className={table.mono}>{token.mint}</td>
      <td>{token.decimals}</td>
      <td>{token.isVerified ? 'Yes' : 'No'}</td>
      <td>{token.disabled ? 'Disabled' : 'Listed'}</td>
      <td>
        <Button size="small" variant="ghost" disabled={busy} onClick={onEdit}>
          Edit
        </Button>{' '}
        <Button size="small" variant="secondary" disabled={busy} onClick={onToggleVerified}>
          {token.isVerified ? 'Unverify' : 'Verify'}
        </Button>{' '}
        <Button size="small" variant={token.disabled ? 'secondary' : 'danger'} disabled={busy} onClick={onToggleDisabled}>
          {token.disabled ? 'Enable' : 'Disable'}
        </Button>
      </td>
    </tr>
  );
}
