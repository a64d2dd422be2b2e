import { ADMIN_SUBSCRIBERS_CSV_PATH } from '@app/common/api/admin';
import { pageTitle } from '../components/brand';
import { Badge } from '../components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { AdminGate } from '../features/admin/AdminGate';
import { OutboxList } from '../features/mail/OutboxList';
import { SubscriberList } from '../features/mail/SubscriberList';

/** /admin/outbox: every mail the platform wrote (the only delivery without an SMTP relay) and the newsletter subscribers, for admins. */
export default function AdminOutbox() {
  return (
    <>
      <title>{pageTitle('Outbox')}</title>
      <AdminGate>
        <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
          <div className="flex items-center gap-3">
            <h1 className="font-display text-3xl font-semibold text-ink-900">Outbox</h1>
            <Badge variant="gold">Admin</Badge>
          </div>
          <p className="mt-1 text-slate-600">Every e-mail the platform wrote, newest first, and who asked for the newsletter.</p>
          <Tabs defaultValue="mail" className="mt-6">
            <TabsList>
              <TabsTrigger value="mail">Mail</TabsTrigger>
              <TabsTrigger value="subscribers">Newsletter subscribers</TabsTrigger>
            </TabsList>
            <TabsContent value="mail" className="mt-6">
              <OutboxList />
            </TabsContent>
            <TabsContent value="subscribers" className="mt-6">
              <a href={ADMIN_SUBSCRIBERS_CSV_PATH} download data-testid="subscribers-csv" className="mb-4 inline-block text-sm font-semibold text-gold-800 underline underline-offset-2">
                Download CSV
              </a>
              <SubscriberList />
            </TabsContent>
          </Tabs>
        </div>
      </AdminGate>
    </>
  );
}
