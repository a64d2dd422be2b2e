import { describe, expect, it } from 'vitest';
import { isProfileAudioKey, memberAudioPath } from '@app/common/domain/audio';
import { maySeeProfileDetails } from '@app/common/domain/privacy';

const OWNER = '11111111-1111-4111-8111-111111111111';

describe('who may see a bio and audio', () => {
  it('the owner and admins always; others and visitors only while Profile Visibility is on', () => {
    for (const visible of [false, null, undefined]) {
      expect(maySeeProfileDetails({ userId: OWNER, isAdmin: false }, OWNER, visible)).toBe(true);
      expect(maySeeProfileDetails({ userId: 'someone', isAdmin: true }, OWNER, visible)).toBe(true);
      expect(maySeeProfileDetails({ userId: 'someone', isAdmin: false }, OWNER, visible)).toBe(false);
      expect(maySeeProfileDetails(null, OWNER, visible)).toBe(false);
    }
    expect(maySeeProfileDetails({ userId: 'someone', isAdmin: false }, OWNER, true)).toBe(true);
  });
});

describe('where a recording is played from', () => {
  it('the access-checked route, versioned by the stored file name, whatever the driver stored', () => {
    expect(memberAudioPath(OWNER, `/files/user-audio/${OWNER}/audio_1700000000000.webm`)).toBe(`/api/members/${OWNER}/audio?v=audio_1700000000000.webm`);
    expect(memberAudioPath(OWNER, 'https://cdn.example/prod/user-audio/dev_x/audio-1.webm')).toBe(`/api/members/${OWNER}/audio?v=audio-1.webm`);
  });
  it('knows which keys /files must never serve', () => {
    expect(isProfileAudioKey('user-audio/u1/audio_1.webm')).toBe(true);
    expect(isProfileAudioKey('flyers/x.png')).toBe(false);
  });
});
