import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalEntry, entryHash, GENESIS_HASH, linkBreak, type ChainRow } from './chain';

const entry = (position: number, overrides: Partial<ChainRow> = {}): ChainRow => ({
  position: String(position),
  id: String(100 + position),
  log_name: 'payments',
  description: 'created',
  subject_type: 'payments',
  subject_id: '7',
  causer_id: '2',
  properties: '{"attributes": {"amount": "182.50", "name": "Pago ñandú \\"uno\\""}}',
  error_message: null,
  created_at: '2026-11-27T11:30:00.123456Z',
  ...overrides,
});

/** Three entries linked as the chainer links them. */
function chainOf(rows: ChainRow[]) {
  let previous = GENESIS_HASH;
  return rows.map((row) => {
    const hash = entryHash(previous, row);
    const linked = { ...row, previous_hash: previous, hash };
    previous = hash;
    return linked;
  });
}

describe('canonical form', () => {
  it('is a JSON array of the values as the database prints them, in a fixed order', () => {
    expect(canonicalEntry(entry(1))).toBe(
      '["1","101","payments","created","payments","7","2","{\\"attributes\\": {\\"amount\\": \\"182.50\\", \\"name\\": \\"Pago ñandú \\\\\\"uno\\\\\\"\\"}}",null,"2026-11-27T11:30:00.123456Z"]',
    );
  });

  it('tells a null from the text "null" and keeps key order out of it (the properties are jsonb text)', () => {
    expect(canonicalEntry(entry(1, { subject_id: null }))).not.toBe(canonicalEntry(entry(1, { subject_id: 'null' })));
    expect(canonicalEntry(entry(1, { error_message: '' }))).not.toBe(canonicalEntry(entry(1)));
  });

  it('hashes with SHA-256 over the previous hash, a newline and the canonical content', () => {
    const expected = createHash('sha256').update(`${GENESIS_HASH}\n${canonicalEntry(entry(1))}`).digest('hex');
    expect(entryHash(GENESIS_HASH, entry(1))).toBe(expected);
    expect(entryHash(GENESIS_HASH, entry(1))).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('link verification', () => {
  const [first, second, third] = chainOf([entry(1), entry(2), entry(3)]);
  const after = (row: { position: string; hash: string }) => ({ position: Number(row.position) + 1, previousHash: row.hash });

  it('accepts an untouched chain entry by entry', () => {
    expect(linkBreak({ position: 1, previousHash: GENESIS_HASH }, first!)).toBeNull();
    expect(linkBreak(after(first!), second!)).toBeNull();
    expect(linkBreak(after(second!), third!)).toBeNull();
  });

  it('finds an edited value, an edited time and an edited properties text as content', () => {
    expect(linkBreak(after(first!), { ...second!, causer_id: '3' })).toBe('content');
    expect(linkBreak(after(first!), { ...second!, created_at: '2026-11-27T11:30:00.123457Z' })).toBe('content');
    expect(linkBreak(after(first!), { ...second!, properties: '{"attributes": {"amount": "182.51"}}' })).toBe('content');
  });

  it('finds an entry whose content and hash were both rewritten at the next entry, which no longer follows it', () => {
    const forged = { ...second!, causer_id: '3' };
    const rehashed = { ...forged, hash: entryHash(first!.hash, forged) };
    expect(linkBreak(after(first!), rehashed)).toBeNull();
    expect(linkBreak(after(rehashed), third!)).toBe('order');
  });

  it('finds a removed entry as missing and a moved entry as out of order', () => {
    expect(linkBreak(after(first!), third!)).toBe('missing');
    expect(linkBreak(after(first!), { ...third!, position: '2' })).toBe('order');
  });
});
