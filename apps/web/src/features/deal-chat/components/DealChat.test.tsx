import { CHAT_PAGE_MAX, type ChatMessage } from '@jelly/contracts';
import {
  CHAT_CLOSED,
  CHAT_SEND_CONNECT_WALLET,
  CHAT_SEND_ORDER_NOT_FOUND,
  CHAT_SEND_SIGN_IN,
  DROP_FILES_HERE,
  DROP_LIMITS_HINT,
  FAILED_TO_LOAD_ATTACHMENT,
  FILE_TOO_LARGE,
  OPEN_ATTACHMENT,
  OrderStatus,
  RELEASE_TO_SEND,
  UNSUPPORTED_FILE_TYPE,
} from '@jelly/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalStack } from '../../../app/layout/ModalStack.tsx';
import { apiError, fakeApi, json, WALLET_A, WALLET_B, type RecordedCall } from '../../../test/fakeApi.ts';
import { renderWithStore } from '../../../test/renderApp.tsx';
import { DealChat, type DealChatProps } from './DealChat.tsx';
import { LEAVES_JELLY } from '../model/messageParts.ts';

const DEAL = 42;
const ME = WALLET_A;
const THEM = WALLET_B;
const ADMIN = '7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2';
const MESSAGES_PATH = `GET /api/chat/rooms/${DEAL}/messages`;
const KEY = `${DEAL}%2F0123456789abcdef0123456789abcdef`;

let nextId = 1;
function message(accountId: string, content: string, at: Date, fileUrl: string | null = null): ChatMessage {
  return { id: nextId++, dealId: DEAL, accountId, content, createdAtUtc: at.toISOString(), clientCreatedAtUtc: null, fileUrl };
}

const today = (h: number, m: number) => {
  const d = new Date();
  d.setHours(h, m, 0, 0);
  return d;
};

/** A chat server in memory: GET answers messages after ?after=, POST appends. */
function chatServer(initial: ChatMessage[]) {
  const messages = [...initial];
  const api = fakeApi({
    [MESSAGES_PATH]: (call) => {
      const after = Number(new URL(call.url).searchParams.get('after') ?? 0);
      return json(200, messages.filter((m) => m.id > after));
    },
    'POST /api/chat/add-messages': (call) => {
      const body = JSON.parse(call.body) as { content: string; accountId: string };
      const created = message(body.accountId, body.content, new Date());
      messages.push(created);
      return json(201, created);
    },
  });
  return { api, messages };
}

function renderChat(props: Partial<DealChatProps> = {}, api = chatServer([]).api) {
  const view = renderWithStore(
    <>
      <DealChat orderId={DEAL} status={OrderStatus.InProgress} myWallet={ME} isAdmin={false} signedIn {...props} />
      <ModalStack />
    </>,
    { api },
  );
  const toasts = () => view.store.getState().toasts.items.map((t) => [t.kind, t.message]);
  return { ...view, toasts };
}

const objectUrls: string[] = [];
beforeEach(() => {
  nextId = 1;
  objectUrls.length = 0;
  // jsdom has no blob: URLs; record what the chat creates and revokes.
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: vi.fn((blob: Blob) => {
      const url = `blob:test/${objectUrls.length}-${blob.size}`;
      objectUrls.push(url);
      return url;
    }),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('<DealChat> message list', () => {
  it('groups messages by day with time and sender, “You” for self, coloured by sender', async () => {
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    yesterday.setHours(18, 45, 0, 0);
    const { api } = chatServer([
      message(THEM, 'Hi, I claimed 40 USDC', yesterday),
      message(ME, 'Locking now', today(9, 5)),
      message(THEM, 'Paid', today(9, 30)),
    ]);
    renderChat({}, api);

    const days = await screen.findAllByTestId('chat-day');
    expect(days.map((d) => within(d).getByRole('heading').textContent)).toEqual(['Yesterday', 'Today']);
    const items = screen.getAllByTestId('chat-message');
    expect(items.map((li) => li.textContent)).toEqual([
      'HN7cABqL…e4YWrH18:45Hi, I claimed 40 USDC',
      'You09:05Locking now',
      'HN7cABqL…e4YWrH09:30Paid',
    ]);
    expect(items.map((li) => li.dataset.sender)).toEqual([THEM, 'self', THEM]);
    const themColour = items[0]?.style.getPropertyValue('--sender-colour');
    expect(themColour).toMatch(/^#/);
    expect(items[2]?.style.getPropertyValue('--sender-colour')).toBe(themColour);
    expect(items[1]?.style.getPropertyValue('--sender-colour')).toBe('var(--accent)');
  });

  it('renders every URL in a message as a link that leaves Jelly, never fetching it inline (not even .png or .webm)', async () => {
    const { api } = chatServer([
      message(THEM, 'receipt https://img.example/r.png', today(8, 0)),
      message(THEM, 'https://cdn.example/proof.webm', today(8, 1)),
      message(THEM, 'statement https://bank.example/s.pdf', today(8, 2)),
      message(THEM, 'tx https://explorer.example/tx/1', today(8, 3)),
    ]);
    const { container } = renderChat({}, api);
    const items = await screen.findAllByTestId('chat-message');
    expect(container.querySelectorAll('img, video, audio, iframe, object, embed, source')).toHaveLength(0);
    const urls = ['https://img.example/r.png', 'https://cdn.example/proof.webm', 'https://bank.example/s.pdf', 'https://explorer.example/tx/1'];
    urls.forEach((url, index) => {
      const link = within(items[index]!).getByRole('link');
      expect(link).toHaveAttribute('href', url);
      expect(link).toHaveTextContent(url);
      expect(link).toHaveAccessibleName(`${url} ${LEAVES_JELLY}`);
      expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
      expect(link).toHaveAttribute('target', '_blank');
    });
    expect(within(items[2]!).getByRole('link')).toHaveTextContent('PDF');
  });

  it('loads attachments through the download call, with a placeholder meanwhile', async () => {
    const fileUrl = `/api/attachments/download/attachments/${KEY}.png`;
    const { api } = chatServer([message(THEM, 'here', today(10, 0), fileUrl)]);
    let release: (response: Response) => void = () => undefined;
    api.on(`GET ${fileUrl}`, () => new Promise<Response>((resolve) => (release = resolve)));
    renderChat({}, api);

    expect(await screen.findByRole('status', { name: 'Loading attachment' })).toBeInTheDocument();
    await act(async () => release(new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png' } })));
    const image = await screen.findByRole('img', { name: 'Attachment' });
    expect(image.getAttribute('src')).toMatch(/^blob:test\//);
    expect(screen.queryByRole('status', { name: 'Loading attachment' })).not.toBeInTheDocument();
    expect(screen.getByText('here')).toBeInTheDocument();
  });

  it('names a PDF by the file name the uploader gave it', async () => {
    const fileUrl = `/api/attachments/download/attachments/${KEY}.pdf`;
    const { api } = chatServer([message(THEM, '', today(10, 0), fileUrl)]);
    api.on(`GET ${fileUrl}`, () =>
      new Response(new TextEncoder().encode('%PDF-1.7'), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `inline; filename="Kontoauszug_M_rz.pdf"; filename*=UTF-8''Kontoauszug%20M%C3%A4rz.pdf`,
        },
      }),
    );
    renderChat({}, api);
    expect(await screen.findByRole('link', { name: /Kontoauszug März\.pdf/ })).toBeInTheDocument();
  });

  it('shows “Failed to load attachment” with an “Open attachment” link when the download fails', async () => {
    const fileUrl = `/api/attachments/download/attachments/${KEY}.pdf`;
    const { api } = chatServer([message(THEM, '', today(10, 0), fileUrl)]);
    api.on(`GET ${fileUrl}`, () => apiError(403, 'FORBIDDEN', 'no'));
    renderChat({}, api);
    expect(await screen.findByText(FAILED_TO_LOAD_ATTACHMENT, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: OPEN_ATTACHMENT })).toHaveAttribute('href', fileUrl);
  });

  it('“Open attachment” retries the download into a new tab, and says so when it fails again', async () => {
    const user = userEvent.setup();
    const fileUrl = `/api/attachments/download/attachments/${KEY}.jpg`;
    const { api } = chatServer([message(THEM, '', today(10, 0), fileUrl)]);
    let available = false;
    api.on(`GET ${fileUrl}`, () =>
      available ? new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'Content-Type': 'image/jpeg' } }) : apiError(503, 'X', 'down'),
    );
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { toasts } = renderChat({}, api);

    await user.click(await screen.findByRole('link', { name: OPEN_ATTACHMENT }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(toasts()).toEqual([['error', FAILED_TO_LOAD_ATTACHMENT]]);

    available = true;
    await user.click(screen.getByRole('link', { name: OPEN_ATTACHMENT }));
    await waitFor(() => expect(tab.location.href).toMatch(/^blob:test\//));
    expect(open).toHaveBeenCalledWith('', '_blank');
  });

  it('polls every 5 s for messages after the last one it has', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = chatServer([message(THEM, 'first', today(7, 0))]);
    renderChat({}, server.api);
    await screen.findByText('first');
    server.messages.push(message(THEM, 'arrived later', today(7, 1)));

    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(await screen.findByText('arrived later')).toBeInTheDocument();
    const gets = server.api.callsTo(MESSAGES_PATH).map((c: RecordedCall) => new URL(c.url).searchParams.get('after'));
    expect(gets).toEqual(['0', '1']);
  });

  it('reads a history longer than one page page by page, each after the last id it got', async () => {
    const history = Array.from({ length: CHAT_PAGE_MAX + 1 }, (_, i) => message(THEM, `message ${i + 1}`, today(6, 0)));
    const api = fakeApi({
      [MESSAGES_PATH]: (call) => {
        const query = new URL(call.url).searchParams;
        const after = Number(query.get('after'));
        return json(200, history.filter((m) => m.id > after).slice(0, Number(query.get('limit'))));
      },
    });
    renderChat({}, api);
    expect(await screen.findByText(`message ${CHAT_PAGE_MAX + 1}`)).toBeInTheDocument();
    expect(screen.getAllByTestId('chat-message')).toHaveLength(CHAT_PAGE_MAX + 1);
    const pages = api.callsTo(MESSAGES_PATH).map((c: RecordedCall) => Object.fromEntries(new URL(c.url).searchParams));
    expect(pages).toEqual([
      { after: '0', limit: String(CHAT_PAGE_MAX) },
      { after: String(CHAT_PAGE_MAX), limit: String(CHAT_PAGE_MAX) },
    ]);
  });

  it('lets an admin read a deal chat', async () => {
    const { api } = chatServer([message(THEM, 'dispute details', today(11, 0))]);
    renderChat({ myWallet: ADMIN, isAdmin: true }, api);
    expect(await screen.findByText('dispute details')).toBeInTheDocument();
  });
});

describe('<DealChat> sending', () => {
  it('sends on Enter with the caller as accountId and shows the message', async () => {
    const user = userEvent.setup();
    const server = chatServer([]);
    renderChat({}, server.api);
    const typedFrom = Math.floor(Date.now() / 1000) * 1000;
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '  I have paid  {Enter}');

    expect(await screen.findByText('I have paid')).toBeInTheDocument();
    const [post] = server.api.callsTo('POST /api/chat/add-messages');
    const body = JSON.parse(post?.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({ dealId: DEAL, accountId: ME, content: 'I have paid' });
    // Stamped with the time it was sent: between the typing and now.
    const stamped = new Date(String(body.createdAtUtc)).getTime();
    expect(stamped).toBeGreaterThanOrEqual(typedFrom);
    expect(stamped).toBeLessThanOrEqual(Date.now());
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('makes a new line on Shift+Enter and ignores empty text', async () => {
    const user = userEvent.setup();
    const server = chatServer([]);
    renderChat({}, server.api);
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(input).toHaveValue('line one\nline two');
    await user.clear(input);
    await user.type(input, '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(server.api.callsTo('POST /api/chat/add-messages')).toHaveLength(0);
  });

  it.each([
    ['no order', { status: null }, CHAT_SEND_ORDER_NOT_FOUND],
    ['no wallet', { myWallet: null, signedIn: true }, CHAT_SEND_CONNECT_WALLET],
    ['not signed in', { signedIn: false }, CHAT_SEND_SIGN_IN],
  ])('refuses to send with %s: the user-facing message', async (_label, props, error) => {
    const user = userEvent.setup();
    const server = chatServer([]);
    const { toasts } = renderChat(props, server.api);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello{Enter}');
    expect(toasts()).toEqual([['error', error]]);
    expect(server.api.callsTo('POST /api/chat/add-messages')).toHaveLength(0);
  });

  it.each([
    ['Completed', OrderStatus.Completed],
    ['Cancelled', OrderStatus.Cancelled],
  ])('is closed for %s deals', async (_name, status) => {
    const { api } = chatServer([message(THEM, 'thanks, bye', today(12, 0))]);
    renderChat({ status }, api);
    expect(await screen.findByText('thanks, bye')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(CHAT_CLOSED);
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Attach file' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('puts the text back when the server refuses it, and says why', async () => {
    const user = userEvent.setup();
    const server = chatServer([]);
    server.api.on('POST /api/chat/add-messages', () => apiError(409, 'CONFLICT', CHAT_CLOSED));
    const { toasts } = renderChat({}, server.api);
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'too late{Enter}');
    await waitFor(() => expect(input).toHaveValue('too late'));
    expect(toasts()).toEqual([['error', CHAT_CLOSED]]);
  });
});

const pngFile = (name = 'receipt.png', size = 1536 * 1024) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type: 'image/png' });
};
const pdfFile = (name: string) => new File([new TextEncoder().encode('%PDF-1.7\n1 0 obj\n')], name, { type: 'image/png' });

function dragEvent(files: File[] = []) {
  return { dataTransfer: { types: ['Files'], files, dropEffect: 'none' } };
}

describe('<DealChat> attachments', () => {
  it('shows the drag-and-drop overlay while files are dragged over the panel', () => {
    renderChat();
    const panel = screen.getByRole('region', { name: 'Deal chat' });
    fireEvent.dragEnter(panel, dragEvent());
    const overlay = screen.getByTestId('chat-drop-overlay');
    expect(overlay).toHaveTextContent(DROP_FILES_HERE);
    expect(overlay).toHaveTextContent(DROP_LIMITS_HINT);
    expect(overlay).toHaveTextContent(RELEASE_TO_SEND);
    // Entering a child then leaving it keeps the overlay; leaving the panel hides it.
    fireEvent.dragEnter(panel, dragEvent());
    fireEvent.dragLeave(panel, dragEvent());
    expect(screen.getByTestId('chat-drop-overlay')).toBeInTheDocument();
    fireEvent.dragLeave(panel, dragEvent());
    expect(screen.queryByTestId('chat-drop-overlay')).not.toBeInTheDocument();
  });

  it('shows no overlay on a closed chat', () => {
    renderChat({ status: OrderStatus.Completed });
    fireEvent.dragEnter(screen.getByRole('region', { name: 'Deal chat' }), dragEvent());
    expect(screen.queryByTestId('chat-drop-overlay')).not.toBeInTheDocument();
  });

  it('drops into the preview, then uploads with the caption (RoomId and UserId first) and shows “Sending…”', async () => {
    const user = userEvent.setup();
    const server = chatServer([]);
    let finish: (response: Response) => void = () => undefined;
    server.api.on('POST /api/attachments/upload', () => new Promise<Response>((resolve) => (finish = resolve)));
    renderChat({}, server.api);

    fireEvent.drop(screen.getByRole('region', { name: 'Deal chat' }), dragEvent([pngFile()]));
    const dialog = await screen.findByRole('dialog', { name: 'Send attachment' });
    const previewSrc = (await within(dialog).findByRole('img', { name: 'Preview of receipt.png' })).getAttribute('src');
    expect(previewSrc).toMatch(/^blob:test\//);
    expect(dialog).toHaveTextContent('receipt.png');
    expect(dialog).toHaveTextContent('1.50 MB');

    await user.type(within(dialog).getByLabelText('Caption (optional)'), 'SEPA receipt');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    const [call] = server.api.callsTo('POST /api/attachments/upload');
    const body = call?.body ?? '';
    const order = ['RoomId', 'UserId', 'Content', 'File', 'Bucket'].map((name) => body.indexOf(`name="${name}"`));
    expect(order.every((index, i) => index >= 0 && (i === 0 || index > (order[i - 1] ?? 0)))).toBe(true);
    expect(body).toContain(`name="RoomId"\r\n\r\n${DEAL}\r\n`);
    expect(body).toContain(`name="UserId"\r\n\r\n${ME}\r\n`);
    expect(body).toContain('name="Content"\r\n\r\nSEPA receipt\r\n');
    expect(body).toContain('name="Bucket"\r\n\r\n2\r\n');
    // (jsdom's File does not serialise through Node's fetch, so the file part's bytes and name are not checked here.)

    const fileUrl = `/api/attachments/download/attachments/${KEY}.png`;
    server.api.on(`GET ${fileUrl}`, () => new Response(new Uint8Array([1]), { headers: { 'Content-Type': 'image/png' } }));
    server.messages.push(message(ME, 'SEPA receipt', new Date(), fileUrl));
    await act(async () => finish(json(201, { fileUrl, messageId: 1 })));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(previewSrc);
    expect(await screen.findByRole('img', { name: 'Attachment' })).toBeInTheDocument();
  });

  it('picks a file with the attach button; a PDF named .png previews as a PDF tile; Cancel uploads nothing', async () => {
    const user = userEvent.setup();
    const server = chatServer([]);
    renderChat({}, server.api);
    await user.upload(screen.getByTestId('chat-file-input'), pdfFile('scan.png'));
    const dialog = await screen.findByRole('dialog', { name: 'Send attachment' });
    expect(within(dialog).getByTestId('attachment-tile')).toHaveTextContent('PDF');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.api.callsTo('POST /api/attachments/upload')).toHaveLength(0);
  });

  it.each([
    ['an .exe named .jpg', new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3])], 'cat.jpg', { type: 'image/jpeg' }), UNSUPPORTED_FILE_TYPE],
    ['a 6 MB image', pngFile('big.png', 6 * 1024 * 1024), FILE_TOO_LARGE],
  ])('refuses %s before any preview', async (_label, file, error) => {
    const { toasts } = renderChat();
    fireEvent.drop(screen.getByRole('region', { name: 'Deal chat' }), dragEvent([file]));
    await waitFor(() => expect(toasts()).toEqual([['error', error]]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the preview open and shows the server’s reason when the upload is refused', async () => {
    const user = userEvent.setup();
    const server = chatServer([]);
    server.api.on('POST /api/attachments/upload', () => apiError(413, 'PAYLOAD_TOO_LARGE', FILE_TOO_LARGE));
    const { toasts } = renderChat({}, server.api);
    await user.upload(screen.getByTestId('chat-file-input'), pngFile());
    const dialog = await screen.findByRole('dialog', { name: 'Send attachment' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toasts()).toEqual([['error', FILE_TOO_LARGE]]));
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});
