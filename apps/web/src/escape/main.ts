// The escape page (escape.html, built self-contained by escape-page/plugin.ts): no Jelly server, no app store, only
// an RPC address, a wallet and the escrow client's kit.
import '../lib/solana/buffer.ts';
import { Connection, PublicKey, Transaction } from '@solana/web3.js';
import { PROGRAM_ID, chainUnixTime, escapePlan, rpcSource, signSendAndConfirm, type EscapeItem } from '@jelly/escrow';
import { DEFAULT_RPC_URL, escapeRows, listSummary, parseRpcUrl, refusalSentence, walletChainOf } from './escapeView.ts';
import { connectWallet, watchWallets, type ConnectedWallet, type StandardWallet } from './walletStandard.ts';

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const rpcInput = element<HTMLInputElement>('rpc-url');
const programInput = element<HTMLInputElement>('program-id');
const walletsBox = element<HTMLElement>('wallets');
const status = element<HTMLElement>('status');
const list = element<HTMLUListElement>('items');
rpcInput.value = DEFAULT_RPC_URL;
programInput.value = PROGRAM_ID.toBase58();

let connected: ConnectedWallet | null = null;

function say(text: string): void {
  status.textContent = text;
}

function settings(): { connection: Connection; programId: PublicKey; chain: string } | null {
  const rpc = parseRpcUrl(rpcInput.value);
  if (!rpc.ok) {
    say(rpc.message);
    return null;
  }
  try {
    return { connection: new Connection(rpc.url, 'confirmed'), programId: new PublicKey(programInput.value.trim()), chain: walletChainOf(rpc.url) };
  } catch {
    say('The escrow program must be a Solana address (base58).');
    return null;
  }
}

async function refresh(): Promise<void> {
  const use = settings();
  if (!use || !connected) return;
  const wallet = connected;
  say('Reading the chain…');
  let items: EscapeItem[];
  let now: bigint;
  try {
    items = await escapePlan(rpcSource(use.connection), wallet.publicKey, use.programId);
    now = await chainUnixTime(use.connection);
  } catch (error) {
    say(`Could not read the chain: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  list.replaceChildren();
  escapeRows(items, now).forEach((row, i) => {
    const li = document.createElement('li');
    const title = document.createElement('strong');
    title.textContent = `${row.title} `;
    const address = document.createElement('code');
    address.textContent = row.address;
    const sentence = document.createElement('p');
    sentence.textContent = row.sentence;
    li.append(title, address, sentence);
    const item = items[i];
    if (row.action && item?.instructions) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = row.action;
      const instructions = item.instructions;
      button.addEventListener('click', () => void send(use.connection, wallet, new Transaction().add(...instructions())));
      li.append(button);
    }
    list.append(li);
  });
  say(listSummary(wallet.publicKey.toBase58(), items.length));
}

async function send(connection: Connection, wallet: ConnectedWallet, tx: Transaction): Promise<void> {
  say(`Waiting for ${wallet.name} to sign…`);
  try {
    const signature = await signSendAndConfirm(connection, tx, wallet.publicKey, (t) => wallet.sign(t));
    await refresh();
    say(`Done: the chain confirmed transaction ${signature}.`);
  } catch (error) {
    say(refusalSentence(error));
  }
}

function showWallets(wallets: StandardWallet[]): void {
  if (wallets.length === 0) {
    walletsBox.textContent = 'No Solana wallet found in this browser: install or unlock one (Wallet Standard), then reload.';
    return;
  }
  walletsBox.replaceChildren(
    ...wallets.map((w) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = `Connect ${w.name}`;
      button.addEventListener('click', () => {
        const use = settings();
        if (!use) return;
        connectWallet(w, use.chain).then(
          (wallet) => {
            connected = wallet;
            void refresh();
          },
          (error: unknown) => say(refusalSentence(error)),
        );
      });
      return button;
    }),
  );
}

showWallets(watchWallets(showWallets));
element<HTMLFormElement>('escape-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void refresh();
});
