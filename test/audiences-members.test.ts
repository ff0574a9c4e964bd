import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batches, hashMembers, normalizeEmail, normalizePhone } from '../src/audiences/members.js';

const sha = (v: string) => createHash('sha256').update(v).digest('hex');
const rules = { gmailDots: false, phones: 'e164' as const };

describe('members: normalized as the platforms document, then hashed', () => {
  it('emails: trimmed and lower-cased; Gmail dots only where the platform removes them', () => {
    expect(normalizeEmail('  Ann.Lee@GMail.com ', false)).toBe('ann.lee@gmail.com');
    expect(normalizeEmail('  Ann.Lee@GMail.com ', true)).toBe('annlee@gmail.com');
    expect(normalizeEmail('ann.lee@googlemail.com', true)).toBe('annlee@googlemail.com');
    expect(normalizeEmail('ann.lee@example.com', true)).toBe('ann.lee@example.com');
    for (const bad of [
      '',
      'ann',
      'ann@',
      '@example.com',
      'a b@example.com',
      `${'a'.repeat(250)}@example.com`,
    ])
      expect(normalizeEmail(bad, false), bad).toBeNull();
  });

  it('phones: E.164 from what people write; no country code is not guessed', () => {
    expect(normalizePhone('+49 (30) 123-45.67')).toBe('+49301234567');
    expect(normalizePhone('0049 30 1234567')).toBe('+49301234567');
    for (const bad of ['030 1234567', '+0 1234567', '+49 12', 'call me', `+${'1'.repeat(16)}`])
      expect(normalizePhone(bad), bad).toBeNull();
  });

  it('hashes every valid entry, lists every invalid one by index, and the counts add up', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.emailAddress(), fc.string({ maxLength: 20 })), { maxLength: 30 }),
        fc.array(fc.oneof(fc.stringMatching(/^\+[1-9]\d{7,14}$/), fc.string({ maxLength: 20 })), {
          maxLength: 30,
        }),
        fc.array(fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), fc.string({ maxLength: 70 })), {
          maxLength: 10,
        }),
        (emails, phones, hashes) => {
          const { hashed, invalid, received } = hashMembers(
            { emails, phones, sha256: { emails: hashes } },
            rules,
          );
          expect(received).toBe(emails.length + phones.length + hashes.length);
          expect(hashed.emails.length + hashed.phones.length + invalid.length).toBe(received);
          for (const hash of [...hashed.emails, ...hashed.phones]) expect(hash).toMatch(/^[0-9a-f]{64}$/);
          emails.forEach((e, i) => {
            const normal = normalizeEmail(e, false);
            if (normal) expect(hashed.emails).toContain(sha(normal));
            else expect(invalid).toContainEqual({ index: i, field: 'emails', reason: expect.any(String) });
          });
          // A reason is one of a few fixed sentences: it never quotes the entry.
          expect(new Set(invalid.map((entry) => entry.reason)).size).toBeLessThanOrEqual(3);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('phones as digits where the platform hashes them so, and none where it takes none', () => {
    const input = { phones: ['+49 30 1234567'] };
    expect(hashMembers(input, { ...rules, phones: 'digits' }).hashed.phones).toEqual([sha('49301234567')]);
    expect(hashMembers(input, rules).hashed.phones).toEqual([sha('+49301234567')]);
    const none = hashMembers({ ...input, sha256: { phones: [sha('x')] } }, { ...rules, phones: null });
    expect(none.hashed).toEqual({ emails: [], phones: [] });
    expect(none.invalid.map((i) => i.field)).toEqual(['phones', 'sha256.phones']);
  });

  it('batches keep every member once, none larger than the size', () => {
    const members = { emails: Array.from({ length: 25 }, (_, i) => sha(`e${i}`)), phones: [sha('p')] };
    const parts = batches(members, 10);
    expect(parts.map((p) => p.emails.length + p.phones.length)).toEqual([10, 10, 6]);
    expect(parts.flatMap((p) => p.emails)).toEqual(members.emails);
  });
});
