import { KNOWN_MINTS, type Coin, type Country, type Currency, type PaymentMethod } from '@jelly/contracts';
import currencyCodes from 'currency-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { GENERIC_CURRENCY_ICON } from './currencies.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const getJson = async <T>(url: string): Promise<T> => {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
};

const expectSvg = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
  expect(response.headers['cache-control']).toContain('max-age=31536000');
  expect(response.body).toMatch(/^<svg[\s>]/);
  return response;
};

describe('GET /api/payments?type=0', () => {
  it('lists at least 50 real payment methods with unique slug ids', async () => {
    const methods = await getJson<PaymentMethod[]>('/api/payments?type=0');
    expect(methods.length).toBeGreaterThanOrEqual(50);
    expect(new Set(methods.map((m) => m.id)).size).toBe(methods.length);
    expect(new Set(methods.map((m) => m.name.toLowerCase())).size).toBe(methods.length);
    for (const method of methods) expect(method.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const names = methods.map((m) => m.name);
    for (const expected of ['Bank Transfer', 'SEPA', 'SEPA Instant', 'Revolut', 'Wise', 'PayPal', 'Zelle', 'Pix', 'UPI', 'M-Pesa', 'Cash in person']) {
      expect(names).toContain(expected);
    }
    expect(methods.find((m) => m.name === 'SEPA Instant')?.id).toBe('sepa-instant');
  });
});

describe('GET /api/payments?type=1', () => {
  let currencies: Currency[];
  beforeAll(async () => {
    currencies = await getJson<Currency[]>('/api/payments?type=1');
  });

  it('lists every ISO 4217 fiat currency and no metals, funds or test codes', () => {
    const codes = new Set(currencies.map((c) => c.code));
    expect(codes.size).toBe(currencies.length);
    const iso = currencyCodes.codes();
    for (const code of ['EUR', 'USD', 'JPY', 'NGN', 'GBP', 'CHF', 'INR', 'BRL', 'KES', 'XOF', 'XAF', 'XCD', 'XPF', 'ANG', 'VES']) {
      expect(iso).toContain(code);
      expect(codes).toContain(code);
    }
    for (const code of ['XAU', 'XAG', 'XPT', 'XPD', 'XTS', 'XXX', 'XDR', 'XBA', 'USN', 'BOV', 'CHE', 'CHW', 'CLF', 'MXV']) {
      expect(iso).toContain(code);
      expect(codes).not.toContain(code);
    }
    // Everything else from the ISO list is there: only the 22 non-fiat entries are left out.
    expect(currencies.length).toBe(iso.length - 22);
    for (const currency of currencies) expect(currency.name.trim()).not.toBe('');
  });

  it('describes each currency with its ISO number, digits and main country', () => {
    const byCode = new Map(currencies.map((c) => [c.code, c]));
    expect(byCode.get('EUR')).toMatchObject({ id: 978, name: 'Euro', countryCode: 'EU', icon: '/api/assets/flags/EU.svg', digits: 2 });
    expect(byCode.get('USD')).toMatchObject({ id: 840, countryCode: 'US', icon: '/api/assets/flags/US.svg' });
    expect(byCode.get('JPY')).toMatchObject({ id: 392, countryCode: 'JP', digits: 0 });
    expect(byCode.get('NGN')).toMatchObject({ id: 566, name: 'Naira', countryCode: 'NG', countryName: 'Nigeria' });
  });

  it('serves a flag icon for every currency', async () => {
    const icons = new Set(currencies.map((c) => c.icon));
    for (const icon of icons) await expectSvg(icon);
    // The EU flag really is the EU flag (blue field), not a country's.
    expect((await expectSvg('/api/assets/flags/EU.svg')).body).toContain('#039');
  });
});

describe('GET /api/payments with a bad type', () => {
  it.each(['', '?type=2', '?type=abc'])('answers 400 for %s', async (query) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/payments${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });
});

describe('GET /api/platform/coins', () => {
  it('lists SOL, USDC and USDT from the database with their mainnet mints and local icons', async () => {
    const coins = await getJson<Coin[]>('/api/platform/coins');
    expect(coins.map((c) => [c.symbol, c.mint, c.decimals])).toEqual([
      ['SOL', 'So11111111111111111111111111111111111111112', 9],
      ['USDC', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 6],
      ['USDT', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 6],
    ]);
    expect(Object.values(KNOWN_MINTS)).toEqual(coins.map((c) => c.mint));
    for (const coin of coins) {
      expect(coin.isVerified).toBe(true);
      expect(coin.icon).toMatch(/^\/api\/assets\/coins\/[a-z]+\.svg$/);
      await expectSvg(coin.icon);
    }
  });

  it('serves the generic currency icon used when a flag is missing', async () => {
    await expectSvg(GENERIC_CURRENCY_ICON);
  });

  it('answers 404 for an icon that does not exist', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/assets/coins/doge.svg' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('GET /api/platform/countries', () => {
  it('lists ISO 3166-1 countries in English, sorted by name', async () => {
    const countries = await getJson<Country[]>('/api/platform/countries');
    expect(countries.length).toBeGreaterThanOrEqual(249);
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
    expect(countries).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(countries).toContainEqual({ code: 'CY', name: 'Cyprus' });
    for (const country of countries) expect(country.code).toMatch(/^[A-Z]{2}$/);
  });
});
