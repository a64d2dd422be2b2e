import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { flyerSvg, renderFlyer, type FlyerInput } from '../../worker/src/render/flyer';

// renderFlyer draws the speaker's part over the day's cached fixed layer; the result must be the flyer
// drawn whole (to rounding), for every day, with initials or an avatar, and stay so on a second (cached) call.
async function pixels(png: Buffer): Promise<Buffer> {
  return (await sharp(png).raw().toBuffer({ resolveWithObject: true })).data;
}

describe('flyer layers', () => {
  const avatar = sharp({ create: { width: 340, height: 340, channels: 3, background: '#3a7bd5' } }).png().toBuffer();
  const inputs = async (): Promise<FlyerInput[]> => [
    { speakerName: 'amara_okafor', topic: 'Owning the corner store: how cooperatives keep money in the neighbourhood', day: 'Wednesday', avatarPng: null },
    { speakerName: 'Łukasz Nowak', topic: 'Short topic', day: 'Monday', avatarPng: await avatar },
    { speakerName: 'x', topic: 'y'.repeat(400), day: 'Friday', avatarPng: null },
  ];

  it('the cached fixed layer plus the speaker layer equals the whole flyer rasterized at once', async () => {
    for (const input of await inputs()) {
      const whole = await pixels(await sharp(Buffer.from(flyerSvg(input))).png().toBuffer());
      for (let round = 0; round < 2; round++) {
        const layered = await pixels(await renderFlyer(input));
        expect(layered.length).toBe(whole.length);
        let max = 0;
        for (let i = 0; i < whole.length; i++) max = Math.max(max, Math.abs(layered[i]! - whole[i]!));
        expect(max, `${input.day}, round ${round}`).toBeLessThanOrEqual(3);
      }
    }
  });

  it('a different speaker on the same day does not inherit the previous one (the cache holds only the fixed part)', async () => {
    const a = await pixels(await renderFlyer({ speakerName: 'first_speaker', topic: 'One', day: 'Friday', avatarPng: null }));
    const b = await pixels(await renderFlyer({ speakerName: 'second_speaker', topic: 'Two', day: 'Friday', avatarPng: null }));
    expect(a.equals(b)).toBe(false);
  });
});
