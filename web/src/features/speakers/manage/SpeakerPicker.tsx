import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Input } from '../../../components/ui/input';
import { sessionsApi } from '@app/common/api/sessions';
import { call } from '../../../lib/api';

const SELECT =
  'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-ink-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500';

/**
 * The session's speaker: a member, found by username (the server answers at most 20 matches). The current
 * choice stays in the list while another search runs, so an edit never silently drops it.
 */
export function SpeakerPicker({ value, currentName, onChange }: { value: string; currentName: string | null; onChange: (id: string, name: string) => void }) {
  const [search, setSearch] = useState('');
  const id = useId();
  const options = useQuery({
    queryKey: ['speaker-options', search.trim()],
    queryFn: ({ signal }) => call(sessionsApi.speakerOptions, { query: { search: search.trim() } }, signal),
    placeholderData: keepPreviousData,
  });
  const members = options.data?.members ?? [];
  const showCurrent = value && currentName && !members.some((m) => m.id === value);
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <Input type="search" aria-label="Find a member" placeholder="Find a member by username…" value={search} onChange={(e) => setSearch(e.target.value)} />
      <select
        id={id}
        aria-label="Speaker"
        className={SELECT}
        value={value}
        onChange={(e) => onChange(e.target.value, e.target.selectedOptions[0]?.text ?? '')}
      >
        <option value="">{options.isPending ? 'Loading members…' : 'Choose the speaker'}</option>
        {showCurrent && <option value={value}>{currentName}</option>}
        {members.map((m) => (
          <option key={m.id} value={m.id}>
            {m.username}
          </option>
        ))}
      </select>
    </div>
  );
}
