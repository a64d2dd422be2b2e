import { describe, expect, it } from 'vitest';
import { videoEmbedUrl } from '@app/common/domain/video';
import { ZSiteSettings } from '@app/common/schemas/site';
import { errorsByField, fromForm, toForm } from '../../web/src/features/admin/settings/lines';

describe('video links', () => {
  it('play any YouTube link a person copies in the privacy-enhanced player', () => {
    const embed = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ]) expect(videoEmbedUrl(link), link).toBe(embed);
  });
  it('give no player for an unset or unplayable link (the page shows its poster)', () => {
    for (const link of [undefined, '', 'not a url', 'https://vimeo.com/123', 'https://www.youtube.com/@adxtrust', 'https://www.youtube-nocookie.com/embed/adx-pitch', 'https://www.youtube.com/watch?v=short']) {
      expect(videoEmbedUrl(link), String(link)).toBeNull();
    }
  });
});

describe('the admin settings form', () => {
  const settings = ZSiteSettings.parse({
    contactEmail: 'hello@example.org',
    // Saved with the rest of the form: a form without them would erase what the receipts print.
    organisationName: 'ADX Trust Inc.',
    organisationAddress: '1 Main Street\nSpringfield',
    receiptTaxNote: 'No goods or services were provided in exchange.',
    socials: [{ name: 'Facebook', href: 'https://facebook.com/x' }],
    ventures: [{ name: 'Bakery', href: 'https://bakery.example.com' }, { name: 'No Site Yet' }],
    claims: [{ figure: '7', label: 'Sectors' }],
    programClaims: [],
    sectors: { education: 'Education', media: 'Media', economy: 'Economics', government: 'Government', family: 'Family', arts: 'Arts', religion: 'Religion' },
    roadmap: [{ step: 'Phase 1', title: 'Start', progress: 50, description: 'Begin | carefully' }],
  });

  it('edits the settings as text and gives back what it was shown', () => {
    expect(ZSiteSettings.parse(fromForm(toForm(settings)))).toEqual(settings);
  });

  it('puts each server error under its field, naming the line of a list', () => {
    expect(errorsByField({ 'socials.1.href': ['must be a full web address starting with https://'], 'sectors.arts': ['A sector name cannot be empty'], contactEmail: ['must be an e-mail address'] })).toEqual({
      socials: 'Line 2 (href): must be a full web address starting with https://',
      'sectors.arts': 'A sector name cannot be empty',
      contactEmail: 'must be an e-mail address',
    });
  });
});
