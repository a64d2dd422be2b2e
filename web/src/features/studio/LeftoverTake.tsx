import { useEffect, useState } from 'react';
import type { TStudioTake } from '@app/common/studio';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { savedSeqs } from './take-recovery';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The chunks this browser saved of a take and never got acknowledged (left by a crash or a closed tab). */
function useSavedChunks(recordingId: string | null): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!recordingId) return;
    let live = true;
    savedSeqs(recordingId).then(
      (seqs) => live && setCount(seqs.length),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [recordingId]);
  return recordingId ? count : 0;
}

/**
 * A take still live on the server that this page did not start (the page crashed, was closed or
 * reloaded while recording): offers to upload what this browser saved of it and finish it.
 */
export function LeftoverTake({ take, onEnd }: { take: TStudioTake | null; onEnd: (take: TStudioTake) => void }) {
  const saved = useSavedChunks(take?.status === 'recording' ? take.recording_id : null);
  if (!take || take.status !== 'recording' || (take.next_seq === 0 && saved === 0)) return null;
  return (
    <Card className="border-gold-500" data-testid="leftover-take">
      <CardHeader>
        <CardTitle as="h2">An earlier take is still live</CardTitle>
        <CardDescription>
          The server holds {plural(take.next_seq, 'chunk', 'chunks')} of a take this page did not finish (the page was closed or reloaded while
          recording).
          {saved > 0 ? ` This browser saved ${plural(saved, 'more chunk', 'more chunks')} that never reached the server; they are uploaded first.` : ''} End it to
          save the take as this session&apos;s recording.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="secondary" onClick={() => onEnd(take)}>
          {saved > 0 ? 'Upload and End Previous Take' : 'End Previous Take'}
        </Button>
      </CardContent>
    </Card>
  );
}
