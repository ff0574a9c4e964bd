import { CALLS_TO_ACTION, type CallToAction, type Creative, type ReadCreative } from '../../ads/model.js';
import type { ResolvedMedia } from '../../media/model.js';
import type * as Sandbox from './model.js';

/** `LearnMore` → `LEARN_MORE`: the sandbox spells each unified call to action in capitals. */
export const sandboxCallToAction = (cta: CallToAction) =>
  cta.replace(/(?<=[a-z])(?=[A-Z])/g, '_').toUpperCase() as Sandbox.CallToAction;

const FROM_SANDBOX = new Map<string, CallToAction>(
  CALLS_TO_ACTION.map((cta) => [sandboxCallToAction(cta), cta]),
);

/** The sandbox's creative for a unified one (checked against the sandbox's rules before). */
export function toSandboxCreative(creative: Creative, media: ResolvedMedia[]): Sandbox.Creative {
  if (creative.kind === 'SearchAd') {
    const [path1, path2] = creative.paths;
    return {
      type: 'SEARCH',
      headlines: creative.headlines,
      descriptions: creative.descriptions,
      final_url: creative.url,
      ...(path1 === undefined ? {} : { path1 }),
      ...(path2 === undefined ? {} : { path2 }),
    };
  }
  return {
    type: 'IMAGE',
    image_id: media[0]!.media.id,
    title: creative.headline!,
    ...(creative.text === undefined ? {} : { body: creative.text }),
    link: creative.url,
    ...(creative.callToAction ? { call_to_action: sandboxCallToAction(creative.callToAction) } : {}),
    ...(creative.identity === undefined ? {} : { profile_id: creative.identity }),
  };
}

/** The unified creative of a sandbox one. */
export function fromSandboxCreative(creative: Sandbox.Creative): ReadCreative {
  switch (creative.type) {
    case 'SEARCH':
      return {
        kind: 'SearchAd',
        headlines: creative.headlines,
        descriptions: creative.descriptions,
        url: creative.final_url,
        paths: [creative.path1, creative.path2].filter((p): p is string => p !== undefined),
      };
    case 'IMAGE': {
      const cta = creative.call_to_action && FROM_SANDBOX.get(creative.call_to_action);
      return {
        kind: 'ImageAd',
        media: creative.image_id,
        additionalMedia: [],
        headline: creative.title,
        ...(creative.body === undefined ? {} : { text: creative.body }),
        url: creative.link,
        ...(cta ? { callToAction: cta } : {}),
        ...(creative.profile_id === undefined ? {} : { identity: creative.profile_id }),
      };
    }
    default:
      return { kind: 'Other', format: creative.type };
  }
}
