import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { sendJson } from '../../lib/api';

const ZMessage = z.object({ message: z.string() });

/**
 * 'Send invitation' beside a speaker token that was just shown once in the manage tab: mails it, with the
 * studio link and the session time, to the session's speaker (the address on their account).
 */
export function SendInvitationButton({ sessionId, token }: { sessionId: string; token: string }) {
  const send = useMutation({
    mutationFn: () => sendJson('POST', `/api/speaker-sessions/${sessionId}/invitation`, { token }, ZMessage),
    onSuccess: ({ message }) => toast({ title: message }),
    onError: (err) => toast({ title: 'Invitation not sent', description: err.message, variant: 'destructive' }),
  });
  return (
    <Button variant="outline" size="sm" onClick={() => send.mutate()} loading={send.isPending} disabled={send.isSuccess}>
      {send.isSuccess ? 'Invitation sent' : 'Send invitation'}
    </Button>
  );
}
