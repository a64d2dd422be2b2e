import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button';
import { scrollToId } from '../../lib/scroll';
import { Emblem } from '../../components/Logo';
import { ON_DARK_OUTLINE } from '../site/classes';

/** The landing hero: slogan, 'Join the Movement' (scrolls to the purpose section) and 'View Pitch Deck'. */
export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-ink-900 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(201,162,39,0.2),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(42,70,128,0.6),transparent_60%)]"
      />
      <div className="relative mx-auto flex max-w-7xl flex-col items-start gap-7 px-4 py-16 sm:px-6 sm:py-24 lg:py-28">
        <div className="flex items-center gap-3">
          <Emblem className="h-11 w-11" />
          <span className="text-xs font-semibold uppercase tracking-[0.25em] text-gold-300 sm:text-sm">Education · Incubation · Trust</span>
        </div>
        <h1 id="hero-title" className="max-w-4xl font-display text-4xl font-semibold leading-[1.1] sm:text-6xl">
          Trust Is the Foundation. <span className="text-gold-300">Legacy Is the Goal.</span>
        </h1>
        <p className="max-w-2xl text-lg leading-relaxed text-slate-200 sm:text-xl">
          We equip entrepreneurs, families and communities to build what lasts across seven sectors of transformation, starting with education
          through our &lsquo;Learn to Earn&rsquo; approach.
        </p>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <button type="button" onClick={() => scrollToId('purpose')} className={buttonClasses({ size: 'lg' })}>
            Join the Movement
          </button>
          <Link to="/pitch-deck" className={buttonClasses({ variant: 'outline', size: 'lg', className: ON_DARK_OUTLINE })}>
            View Pitch Deck
          </Link>
        </div>
      </div>
    </section>
  );
}
