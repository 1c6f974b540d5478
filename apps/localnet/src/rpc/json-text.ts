import { randomUUID } from 'node:crypto';

/**
 * JSON text for RPC answers, with bigints written as plain integer digits. A node sends u64 values such as an
 * account's rentEpoch (u64::MAX) as exact JSON integers; JSON.stringify cannot write a bigint, and a Number
 * would round u64::MAX up past the u64 range. Clients that parse integers exactly (kit) then read the true value.
 */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value, bigintMarker).replace(MARKED_BIGINT, '$1');
}

// The replacer turns a bigint into a string carrying a random per-process marker, then the marked strings are
// rewritten as bare digits. No string a client or a program can put in an answer carries an unguessable marker.
const MARK = `bigint-${randomUUID()}:`;
const MARKED_BIGINT = new RegExp(`"${MARK}(-?\\d+)"`, 'g');

function bigintMarker(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? `${MARK}${value.toString()}` : value;
}
