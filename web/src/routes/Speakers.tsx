import { pageTitle } from '../components/brand';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { buttonClasses } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useSession } from '../lib/session';
import { ArchiveTab } from '../features/speakers/ArchiveTab';
import { BrotherhoodTab } from '../features/speakers/BrotherhoodTab';
import { ManageTab } from '../features/speakers/ManageTab';
import { SessionTime } from '../features/speakers/SessionTime';

function TabLabel({ long, short }: { long: string; short: string }) {
  return (
    <>
      <span className="hidden sm:inline">{long}</span>
      <span className="sm:hidden">{short}</span>
    </>
  );
}

/** /speakers: the DOG POUND speaker page (Brotherhood, Session Archive, Manage Sessions for admins, Live Studio). */
export default function Speakers() {
  const session = useSession();
  if (session.loading) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" label="Loading…" />
      </div>
    );
  }
  const user = session.user ?? null;
  return (
        <>
          <title>{pageTitle('DOG POUND Speakers')}</title>
          <section className="bg-ink-900 text-white">
            <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
              <p className="text-sm font-semibold uppercase tracking-widest text-gold-300">DOG POUND</p>
              <h1 className="mt-2 font-display text-4xl font-semibold">Speaker Sessions</h1>
              <p className="mt-3 text-slate-200">
                15-minute morning sessions, Monday, Wednesday and Friday at <SessionTime />.
              </p>
            </div>
          </section>
          <section className="bg-paper">
            <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
              <Tabs defaultValue="brotherhood">
                <TabsList aria-label="Speaker page sections">
                  <TabsTrigger value="brotherhood">
                    <TabLabel long="Brotherhood" short="Members" />
                  </TabsTrigger>
                  <TabsTrigger value="archive">
                    <TabLabel long="Session Archive" short="Archive" />
                  </TabsTrigger>
                  {user?.isAdmin && (
                    <TabsTrigger value="manage">
                      <TabLabel long="Manage Sessions" short="Manage" />
                    </TabsTrigger>
                  )}
                  <TabsTrigger value="studio" onClick={() => window.open('/speaker-studio', '_blank', 'noopener')}>
                    <TabLabel long="Live Studio" short="Studio" />
                  </TabsTrigger>
                </TabsList>
                <TabsContent value="brotherhood" className="pt-6">
                  <BrotherhoodTab signedIn={Boolean(user)} />
                </TabsContent>
                <TabsContent value="archive" className="pt-6">
                  <ArchiveTab signedIn={Boolean(user)} />
                </TabsContent>
                {user?.isAdmin && (
                  <TabsContent value="manage" className="pt-6">
                    <ManageTab />
                  </TabsContent>
                )}
                <TabsContent value="studio" className="pt-6">
                  {/* Reached with the arrow keys (no click), the tab opens nothing by itself: the link is the way in. */}
                  <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-6">
                    <p className="text-slate-700">The studio opens in a new tab. Speakers sign in there with the token from the team.</p>
                    <a href="/speaker-studio" target="_blank" rel="noopener" className={buttonClasses({ variant: 'secondary' })}>
                      Open the Live Studio
                    </a>
                  </div>
                </TabsContent>
              </Tabs>
            </div>
          </section>
        </>
  );
}
