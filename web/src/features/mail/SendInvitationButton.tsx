import { useMutation } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { sessionsApi } from '@app/common/api/sessions';
import { call } from '../../lib/api';


/**
 * 'Send invitation' beside a speaker token that was just shown once in the manage tab: mails it, with the
 * studio link and the session time, to the session's speaker (the address on their account).
 */
export function SendInvitationButton({ sessionId, token }: { sessionId: string; token: string }) {
  const send = useMutation({
    mutationFn: () => call(sessionsApi.sendInvitation, { params: { id: sessionId }, body: { token } }),
    onSuccess: ({ message }) => toast({ title: message }),
    onError: (err) => toast({ title: 'Invitation not sent', description: err.message, variant: 'destructive' }),
  });
  return (
    <Button variant="outline" size="sm" onClick={() => send.mutate()} loading={send.isPending} disabled={send.isSuccess}>
      {send.isSuccess ? 'Invitation sent' : 'Send invitation'}
    </Button>
  );
}
