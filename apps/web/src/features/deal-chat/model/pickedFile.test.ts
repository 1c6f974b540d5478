import {
  CHAT_CLOSED,
  CHAT_UPLOAD_CONNECT_WALLET,
  CHAT_UPLOAD_ORDER_NOT_FOUND,
  CHAT_UPLOAD_SIGN_IN,
  FILE_TOO_LARGE,
  MEGABYTE,
  OrderStatus,
  UNSUPPORTED_FILE_TYPE,
} from '@jelly/domain';
import { describe, expect, it } from 'vitest';
import { checkPickedFile } from './pickedFile.ts';

const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const open = { orderStatus: OrderStatus.CryptoGuyLockedCrypto, wallet: WALLET, signedIn: true };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [...'%PDF-1.7\n'].map((c) => c.charCodeAt(0));
const EXE = [0x4d, 0x5a, 0x90, 0x00];

function file(head: number[], size: number, name: string, type: string): File {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return new File([bytes], name, { type });
}

describe('checkPickedFile', () => {
  it('accepts an image by its bytes', async () => {
    expect(await checkPickedFile(open, file(PNG, 1000, 'a.png', 'image/png'))).toEqual({ ok: true, kind: 'image', mimeType: 'image/png' });
  });

  it('treats a PDF named .png as a PDF (and gives it the PDF limit)', async () => {
    expect(await checkPickedFile(open, file(PDF, 6 * MEGABYTE, 'scan.png', 'image/png'))).toEqual({
      ok: true,
      kind: 'pdf',
      mimeType: 'application/pdf',
    });
  });

  it('refuses an .exe renamed .jpg', async () => {
    expect(await checkPickedFile(open, file(EXE, 1000, 'cat.jpg', 'image/jpeg'))).toEqual({ ok: false, error: UNSUPPORTED_FILE_TYPE });
  });

  it('refuses files over the limit of their real type', async () => {
    expect(await checkPickedFile(open, file(PNG, 5 * MEGABYTE + 1, 'big.png', 'image/png'))).toEqual({ ok: false, error: FILE_TOO_LARGE });
    expect((await checkPickedFile(open, file(PNG, 5 * MEGABYTE, 'ok.png', 'image/png'))).ok).toBe(true);
  });

  it.each([
    [{ ...open, orderStatus: null }, CHAT_UPLOAD_ORDER_NOT_FOUND],
    [{ ...open, wallet: null }, CHAT_UPLOAD_CONNECT_WALLET],
    [{ ...open, signedIn: false }, CHAT_UPLOAD_SIGN_IN],
    [{ ...open, orderStatus: OrderStatus.Completed }, CHAT_CLOSED],
    [{ ...open, orderStatus: OrderStatus.Cancelled }, CHAT_CLOSED],
  ])('applies the upload guards first (%j)', async (ctx, error) => {
    expect(await checkPickedFile(ctx, file(PNG, 1000, 'a.png', 'image/png'))).toEqual({ ok: false, error });
  });
});
