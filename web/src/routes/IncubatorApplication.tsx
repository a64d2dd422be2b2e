import { pageTitle } from "../components/brand";
import { buttonClasses } from "../components/ui/button";
import { ApplicationForm } from "../features/incubator/ApplicationForm";
import { PROGRAM } from "../features/incubator/program";
import { cohortStatusLine } from "../features/program/CohortFacts";
import { cohortText } from "../features/program/cohort-text";
import { useProgram } from "../features/program/store";
import { Icon, IconTile, NewTab, type IconName } from "../features/landing/ui";
import { useSiteSettings } from "../features/site/site-data";

const PLATFORMS: Array<{ title: string; icon: IconName; text: string }> = [
  {
    title: "Live Sessions",
    icon: "media",
    text: "Weekly live sessions with mentors and guest founders.",
  },
  {
    title: "Discord Community",
    icon: "users",
    text: "Your virtual cohort: questions, feedback and accountability between sessions.",
  },
  {
    title: "In-Person Meetups",
    icon: "home",
    text: "Hybrid format: meet your cohort in person as the program tours cities each quarter.",
  },
];

/** /incubator-application: program start, schedule, platform cards, the Attendance Commitment, form A and 'Join Discord'. */
export default function IncubatorApplication() {
  const program = useProgram();
  const next = program?.next ?? null;
  const t = next ? cohortText(next) : null;
  const pending = program ? "No cohort open for enrolment" : "Loading…";
  const { communityInviteUrl } = useSiteSettings();
  return (
    <>
      <title>{pageTitle("Apply to the Incubator")}</title>
      <section className="bg-ink-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-16">
          <p className="text-xs font-semibold uppercase tracking-[0.25em] text-gold-300">
            {program ? cohortStatusLine(next) : "Next cohort"}
          </p>
          <h1 className="mt-3 font-display text-4xl font-semibold sm:text-5xl">
            Apply to {PROGRAM.name}
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-200">
            {next ? `A ${next.weeks}-week` : "An"} incubator for builders who are ready to
            commit. Tell us about yourself and your idea; we reply within{" "}
            {PROGRAM.reviewHours} hours.
          </p>
          {/* Each fact is a dt/dd pair in its own div (the only wrapper a dl allows); the icon sits inside the dt. */}
          <dl className="mt-8 grid gap-4 sm:grid-cols-3">
            {(
              [
                {
                  icon: "calendar",
                  term: "Program start",
                  detail: t ? t.startDate : pending,
                },
                {
                  icon: "clock",
                  term: "Schedule",
                  detail: next && t ? `Weekly at ${t.sessionTime}, ${next.weeks} weeks` : pending,
                },
                {
                  icon: "users",
                  term: "Cohort size",
                  detail: next ? `Limited to ${next.seats} participants` : pending,
                },
              ] satisfies Array<{
                icon: IconName;
                term: string;
                detail: string;
              }>
            ).map((f) => (
              <div
                key={f.term}
                className="relative rounded-xl border border-ink-700 bg-ink-800 p-4 pl-13"
              >
                <dt className="text-sm text-slate-300">
                  <Icon
                    name={f.icon}
                    className="absolute left-4 top-4 h-6 w-6 text-gold-300"
                  />
                  {f.term}
                </dt>
                <dd className="font-semibold">{f.detail}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      {/* One column on phones (commitment, form, platforms); on desktops the form on the left, the rest beside it. */}
      <div className="mx-auto grid max-w-6xl items-start gap-6 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_22rem] lg:gap-x-10">
        <div
          className="rounded-2xl border-2 border-gold-500 bg-gold-50 p-5 lg:col-start-2 lg:row-start-1"
          aria-labelledby="attendance-title"
          role="region"
        >
          <h2
            id="attendance-title"
            className="flex items-center gap-2 font-display text-xl font-semibold text-ink-900"
          >
            <Icon name="check" className="h-6 w-6 text-gold-800" />
            Attendance Commitment
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-ink-900">
            {next ? (
              <>
                All <strong>{next.weeks} sessions</strong> are expected.
              </>
            ) : (
              <>
                Every <strong>weekly session</strong> is expected.
              </>
            )} You may use at most{" "}
            <strong>{PROGRAM.makeupSessions} makeup session</strong> across the
            whole program. Your cohort is counting on you.
          </p>
        </div>

        <section
          aria-labelledby="form-title"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 lg:col-start-1 lg:row-span-2 lg:row-start-1"
        >
          <h2
            id="form-title"
            className="font-display text-2xl font-semibold text-ink-900"
          >
            Your application
          </h2>
          <p className="mb-6 mt-1 text-sm text-slate-600">
            All fields are required.
          </p>
          <ApplicationForm />
        </section>

        <aside
          className="flex flex-col gap-5 lg:col-start-2 lg:row-start-2"
          aria-labelledby="platforms-title"
        >
          <h2 id="platforms-title" className="sr-only">
            Where the program happens
          </h2>
          <ul className="flex flex-col gap-4">
            {PLATFORMS.map((p) => (
              <li
                key={p.title}
                className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <IconTile name={p.icon} className="h-10 w-10" />
                <div>
                  <h3 className="font-semibold text-ink-900">{p.title}</h3>
                  <p className="text-sm leading-relaxed text-slate-700">
                    {p.text}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          {communityInviteUrl && (
          <a
            href={communityInviteUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({
              variant: "secondary",
              size: "lg",
              className: "w-full",
            })}
          >
            Join Discord
            <NewTab />
          </a>
          )}
        </aside>
      </div>
    </>
  );
}
