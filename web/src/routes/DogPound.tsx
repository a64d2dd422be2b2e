import { pageTitle } from '../components/brand';
import { buttonClasses } from '../components/ui/button';
import { Icon, NewTab } from '../features/landing/ui';
import { SessionTime } from '../features/speakers/SessionTime';
import { useSiteSettings } from '../features/site/site-data';

const SESSIONS = [
  { day: 'Monday', focus: 'Set the week: one commitment, said out loud.' },
  { day: 'Wednesday', focus: 'Midweek check: what is working, what is not.' },
  { day: 'Friday', focus: 'Finish strong: wins, lessons and the weekend plan.' },
] as const;

const PILLARS = [
  { title: 'Accountability', text: 'Say what you will do, then come back and say whether you did it.' },
  { title: 'Brotherhood', text: 'Men who show up for each other, on camera, on time.' },
  { title: 'Discipline', text: 'Fifteen minutes, three mornings a week, no excuses.' },
] as const;

/** /dog-pound: the men's brotherhood: 15-minute sessions Mon/Wed/Fri at 7:00 AM New York time on the community chat. */
export default function DogPound() {
  const { communityInviteUrl } = useSiteSettings();
  return (
    <>
      <title>{pageTitle('DOG POUND')}</title>
      <section className="bg-ink-950 text-white">
        <div className="mx-auto flex max-w-5xl flex-col items-start gap-6 px-4 py-16 sm:px-6 sm:py-24">
          <p className="text-xs font-semibold uppercase tracking-[0.25em] text-gold-300">Brotherhood</p>
          <h1 className="font-display text-5xl font-semibold sm:text-7xl">DOG POUND</h1>
          <p className="max-w-2xl text-lg leading-relaxed text-slate-200">
            Iron sharpens iron. DOG POUND is where men meet before the day starts, for fifteen minutes of accountability, encouragement and focus.
          </p>
          <dl className="grid w-full gap-4 sm:grid-cols-3">
            <div className="flex flex-col rounded-xl border border-ink-700 bg-ink-900 p-5">
              <dt className="text-sm text-slate-300">Length</dt>
              <dd className="order-first font-display text-3xl font-semibold text-gold-300">15 minutes</dd>
            </div>
            <div className="flex flex-col rounded-xl border border-ink-700 bg-ink-900 p-5">
              <dt className="text-sm text-slate-300">Days</dt>
              <dd className="order-first font-display text-3xl font-semibold text-gold-300">Mon / Wed / Fri</dd>
            </div>
            <div className="flex flex-col rounded-xl border border-ink-700 bg-ink-900 p-5">
              <dt className="text-sm text-slate-300">Time</dt>
              <dd className="order-first font-display text-3xl font-semibold text-gold-300">
                <SessionTime stacked viewerClassName="mt-1 font-sans text-base font-normal text-slate-200" />
              </dd>
            </div>
          </dl>
          {communityInviteUrl && (
            <a href={communityInviteUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ size: 'lg' })}>
              Join the Sessions on Discord
              <NewTab />
            </a>
          )}
        </div>
      </section>
      <section className="mx-auto grid max-w-5xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-2">
        <div>
          <h2 className="font-display text-3xl font-semibold text-ink-900">The week in three mornings</h2>
          <ol className="mt-6 flex flex-col gap-4">
            {SESSIONS.map((s) => (
              <li key={s.day} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <Icon name="clock" className="mt-0.5 h-6 w-6 shrink-0 text-gold-800" />
                <div>
                  <p className="font-semibold text-ink-900">
                    {s.day}, <SessionTime day={s.day} stacked viewerClassName="text-sm font-normal text-slate-600" />
                  </p>
                  <p className="text-slate-700">{s.focus}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
        <div>
          <h2 className="font-display text-3xl font-semibold text-ink-900">What we stand on</h2>
          <ul className="mt-6 flex flex-col gap-4">
            {PILLARS.map((p) => (
              <li key={p.title} className="rounded-xl border-l-4 border-gold-500 bg-white p-5 shadow-sm">
                <p className="font-display text-xl font-semibold text-ink-900">{p.title}</p>
                <p className="mt-1 text-slate-700">{p.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
