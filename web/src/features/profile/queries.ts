import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type TProfile } from '@app/common/schemas/profiles';
import { membersApi } from '@app/common/api/members';
import { call } from '../../lib/api';

/** React Query key of one profile (usernames are case-insensitive). */
const profileKey = (username: string) => ['profile', username.toLowerCase()] as const;

/** GET /api/profiles/:username. */
export function useProfile(username: string) {
  return useQuery({
    queryKey: profileKey(username),
    queryFn: ({ signal }) => call(membersApi.profile, { params: { username } }, signal),
  });
}

/** Puts a new audio URL into the cached profile right away, then refetches it. */
export function useSetProfileAudio(username: string): (audioUrl: string) => void {
  const client = useQueryClient();
  return useCallback(
    (audioUrl: string) => {
      client.setQueryData<TProfile>(profileKey(username), (old) => (old ? { ...old, audioUrl } : old));
      void client.invalidateQueries({ queryKey: profileKey(username) });
    },
    [client, username],
  );
}
