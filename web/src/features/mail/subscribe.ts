import { z } from 'zod';
import { sendJson } from '../../lib/api';
import { toast } from '../../components/ui/toast';

const ZMessage = z.object({ message: z.string() });

/** The footer's 'Subscribe for Insights': asks for the confirmation mail (double opt-in) and says what happens next. */
export async function subscribeToNewsletter(email: string): Promise<void> {
  try {
    const { message } = await sendJson('POST', '/api/newsletter/subscribe', { email }, ZMessage);
    toast({ title: 'Almost there!', description: message });
  } catch (err) {
    toast({ title: 'Subscription failed', description: (err as Error).message, variant: 'destructive' });
  }
}
