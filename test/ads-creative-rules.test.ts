import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCreative } from '../src/ads/creative-check.js';
import type { Creative } from '../src/ads/model.js';
import type {
  AdCapabilities,
  FieldRule,
  ImageAdRules,
  SearchAdRules,
  TextListRule,
} from '../src/ads/port.js';
import { PLATFORM_IDS } from '../src/domain/platform-ids.js';
import { AppError } from '../src/errors.js';
import { ADAPTERS } from '../src/platforms/adapters.js';
import { platformCatalog } from '../src/platforms/catalog.js';

/**
 * Every platform's declared creative rules, at and past each limit: a creative whose every text is at
 * most its limit passes the check made before any call; one text a character longer (or one item
 * more or fewer in a list) is refused with 400 naming exactly that field and the limit in the message.
 */

const catalog = platformCatalog('http://localhost:3000');
const withAds = PLATFORM_IDS.flatMap((id) => {
  const caps = ADAPTERS[id]?.(catalog[id], { timeoutMs: 1000 }).ads?.capabilities;
  return caps ? [{ id, caps }] : [];
});

/** A text of exactly `length` characters as the rule counts them, of plain letters. */
const textOf = (length: number) => 'a'.repeat(length);
/** Texts that differ from one another (platforms refuse duplicates), each `length` long. */
const texts = (count: number, length: number) =>
  Array.from({ length: count }, (_, i) =>
    (String.fromCharCode(98 + (i % 25)) + textOf(length)).slice(0, length),
  );

function refusal(platform: string, caps: AdCapabilities, creative: Creative): AppError | null {
  try {
    checkCreative(platform, caps, creative);
    return null;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

function searchAd(
  rules: SearchAdRules,
  at: { count: Record<string, number>; length: Record<string, number> },
) {
  return {
    kind: 'SearchAd' as const,
    headlines: texts(at.count.headlines!, at.length.headlines!),
    descriptions: texts(at.count.descriptions!, at.length.descriptions!),
    paths: texts(at.count.paths!, at.length.paths!),
    url: 'https://shop.example/spring',
  };
}

const IMAGE_FIELDS = ['headline', 'text', 'longHeadline', 'businessName'] as const;

function imageAd(rules: ImageAdRules, lengths: Partial<Record<(typeof IMAGE_FIELDS)[number], number>>) {
  const creative: Record<string, unknown> = {
    kind: 'ImageAd',
    media: 'img_1',
    additionalMedia: [],
    url: 'https://shop.example/spring',
  };
  for (const field of IMAGE_FIELDS) {
    const rule = rules[field] as FieldRule | undefined;
    if (rule && lengths[field] !== undefined) creative[field] = textOf(lengths[field]!);
  }
  if (rules.identity?.required) creative.identity = 'id_1';
  if (rules.callToAction?.required) creative.callToAction = Object.keys(rules.callToAction.values)[0];
  return creative as unknown as Creative;
}

describe.each(withAds)('$id: creative rules at and past each limit', ({ id, caps }) => {
  const search = caps.creatives.SearchAd;
  const image = caps.creatives.ImageAd;
  const LISTS = ['headlines', 'descriptions', 'paths'] as const;

  it.runIf(search)('SearchAd: any counts and lengths within the limits pass', () => {
    const rules = search!;
    const arb = fc.record(
      Object.fromEntries(
        LISTS.map((list) => [
          list,
          fc.record({
            count: fc.integer({ min: rules[list].min, max: rules[list].max }),
            length: fc.integer({ min: 1, max: rules[list].maxLength }),
          }),
        ]),
      ) as Record<(typeof LISTS)[number], fc.Arbitrary<{ count: number; length: number }>>,
    );
    fc.assert(
      fc.property(arb, (at) => {
        const creative = searchAd(rules, {
          count: Object.fromEntries(LISTS.map((l) => [l, at[l].count])),
          length: Object.fromEntries(LISTS.map((l) => [l, at[l].length])),
        });
        expect(refusal(id, caps, creative)).toBeNull();
      }),
      { numRuns: 50 },
    );
  });

  it.runIf(search)('SearchAd: one text a character too long, or one item too many or few, is named', () => {
    const rules = search!;
    const atMax = {
      count: { headlines: rules.headlines.max, descriptions: rules.descriptions.max, paths: rules.paths.max },
      length: {
        headlines: rules.headlines.maxLength,
        descriptions: rules.descriptions.maxLength,
        paths: rules.paths.maxLength,
      },
    };
    expect(refusal(id, caps, searchAd(rules, atMax))).toBeNull();
    for (const list of LISTS) {
      if (rules[list].max === 0) continue;
      const creative = searchAd(rules, atMax);
      const index = rules[list].max - 1;
      creative[list][index] = textOf(rules[list].maxLength + 1);
      const tooLong = refusal(id, caps, creative);
      expect(tooLong?.param, `${list} past ${rules[list].maxLength}`).toBe(`creative.${list}[${index}]`);
      expect(tooLong?.message).toContain(String(rules[list].maxLength));
      const tooMany = searchAd(rules, { ...atMax, count: { ...atMax.count, [list]: rules[list].max + 1 } });
      expect(refusal(id, caps, tooMany)?.param).toBe(`creative.${list}`);
      if (rules[list].min > 0) {
        const tooFew = searchAd(rules, { ...atMax, count: { ...atMax.count, [list]: rules[list].min - 1 } });
        expect(refusal(id, caps, tooFew)?.param).toBe(`creative.${list}`);
      }
    }
  });

  it.runIf(image)('ImageAd: every field at its limit passes; each one past it is named', () => {
    const rules = image!;
    const fields = IMAGE_FIELDS.filter((f) => rules[f]);
    const atMax = Object.fromEntries(fields.map((f) => [f, rules[f]!.maxLength]));
    expect(refusal(id, caps, imageAd(rules, atMax))).toBeNull();
    fc.assert(
      fc.property(fc.constantFrom(...fields), fc.integer({ min: 1, max: 50 }), (field, over) => {
        const err = refusal(id, caps, imageAd(rules, { ...atMax, [field]: rules[field]!.maxLength + over }));
        expect(err?.param).toBe(`creative.${field}`);
        expect(err?.message).toContain(String(rules[field]!.maxLength));
      }),
      { numRuns: 30 },
    );
    for (const field of fields.filter((f) => rules[f]!.required)) {
      const { [field]: _left, ...without } = atMax;
      expect(refusal(id, caps, imageAd(rules, without))?.param, `${field} is required`).toBe(
        `creative.${field}`,
      );
    }
    for (const field of IMAGE_FIELDS.filter((f) => !rules[f])) {
      const creative = { ...imageAd(rules, atMax), [field]: 'x' } as Creative;
      expect(refusal(id, caps, creative)?.code, `${field} is not taken`).toBe('unsupported_for_platform');
    }
  });

  it('refuses each creative kind it does not take, naming creative', () => {
    const kinds: Creative[] = [
      searchAd(
        {
          headlines: { min: 3, max: 3, maxLength: 10 },
          descriptions: { min: 2, max: 2, maxLength: 10 },
          paths: { min: 0, max: 0, maxLength: 5 },
        },
        {
          count: { headlines: 3, descriptions: 2, paths: 0 },
          length: { headlines: 5, descriptions: 5, paths: 1 },
        },
      ),
      {
        kind: 'ImageAd',
        media: 'img_1',
        additionalMedia: [],
        headline: 'x',
        text: 'x',
        url: 'https://shop.example',
      },
    ];
    for (const creative of kinds.filter((k) => !caps.creatives[k.kind])) {
      const err = refusal(id, caps, creative);
      expect(err?.code).toBe('unsupported_for_platform');
      expect(err?.param).toBe('creative');
    }
  });
});
