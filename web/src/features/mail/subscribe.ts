import { newsletterApi } from '@app/common/api/newsletter';
import { call } from '../../lib/api';
import { toast } from '../../components/ui/toast';


/** The footer's 'Subscribe for Insights': asks for the confirmation mail (double opt-in) and says what happens next. */
export async function subscribeToNewsletter(email: string): Promise<void> {
  try {
    const { message } = await call(newsletterApi.subscribe, { body: { email } });
    toast({ title: 'Almost there!', description: message });
  } catch (err) {
    toast({ title: 'Subscription failed', description: (err as Error).message, variant: 'destructive' });
  }
}
