import { Link } from 'react-router-dom';
import { PRODUCT_NAME, pageTitle } from '../components/brand';
import { Emblem } from '../components/Logo';

/** The seven sectors of transformation (spec §1). */
const SECTORS = ['Education', 'Media', 'Economy', 'Government', 'Family', 'Celebration', 'Religion'] as const;

/** Home page '/': a short landing; the full landing page comes later. */
export default function Home() {
  return (
    <>
      <title>{pageTitle()}</title>
      <section className="relative overflow-hidden bg-ink-900 text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(201,162,39,0.18),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(42,70,128,0.55),transparent_60%)]"
        />
        <div className="relative mx-auto flex max-w-6xl flex-col items-start gap-8 px-4 py-20 sm:px-6 sm:py-28">
          <div className="flex items-center gap-3">
            <Emblem className="h-12 w-12" />
            <span className="text-sm font-semibold uppercase tracking-[0.25em] text-gold-300">
              Education · Incubation · Trust
            </span>
          </div>
          <h1 className="max-w-3xl font-display text-4xl font-semibold leading-tight sm:text-6xl">{PRODUCT_NAME}</h1>
          <p className="max-w-2xl text-lg leading-relaxed text-slate-200">
            {PRODUCT_NAME} is an education and business-incubator organisation built on trust. We help entrepreneurs,
            students, donors, sponsors and investors work together across seven sectors of transformation — led in
            education by a &lsquo;Learn to Earn&rsquo; approach and by our 12-week incubator program, &lsquo;I Am The
            Business&rsquo;. Every purchase of our pre-launch ADX tokens is recorded in a public ledger that anyone can
            check.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link
              to="/token-ledger"
              className="inline-flex items-center gap-2 rounded-md bg-gold-500 px-6 py-3 font-semibold text-ink-950 shadow-lg shadow-black/20 transition-colors hover:bg-gold-300"
            >
              View the Token Ledger
              <span aria-hidden="true">→</span>
            </Link>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="grid gap-10 md:grid-cols-[1.1fr_1fr] md:items-start">
          <div>
            <h2 className="font-display text-3xl font-semibold text-ink-900">Seven sectors of transformation</h2>
            <div className="mt-3 h-1 w-16 rounded bg-gold-500" aria-hidden="true" />
            <p className="mt-5 leading-relaxed text-slate-700">
              Our work reaches into the places where communities are built and trust is earned.
            </p>
            <ul className="mt-6 flex flex-wrap gap-2" aria-label="Sectors">
              {SECTORS.map((s) => (
                <li
                  key={s}
                  className="rounded-full border border-ink-900/15 bg-white px-4 py-1.5 text-sm font-medium text-ink-800 shadow-sm"
                >
                  {s}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-xl border border-gold-500/40 bg-white p-6 shadow-sm sm:p-8">
            <h2 className="font-display text-2xl font-semibold text-ink-900">Verify your token purchase</h2>
            <p className="mt-3 leading-relaxed text-slate-700">
              The token ledger is public and read-only. Enter your investor ID to confirm your purchase date, the amount
              invested and the ADX tokens to be distributed to you.
            </p>
            <Link
              to="/token-ledger"
              className="mt-6 inline-flex items-center gap-2 rounded-md bg-ink-900 px-5 py-2.5 font-semibold text-white transition-colors hover:bg-ink-800"
            >
              Open the Token Ledger
              <span aria-hidden="true">→</span>
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
