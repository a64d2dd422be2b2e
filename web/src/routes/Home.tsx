import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { pageTitle } from '../components/brand';
import { AppPromos } from '../features/landing/AppPromos';
import { CallToAction, DogPoundSection, GetInvolved } from '../features/landing/Closing';
import { Events } from '../features/landing/Events';
import { Hero } from '../features/landing/Hero';
import { Incubator } from '../features/landing/Incubator';
import { Features, Purpose } from '../features/landing/Purpose';
import { Sectors } from '../features/landing/Sectors';

/** The landing page's sections in the spec's order (§2 "Landing sections"), with Events and Get Involved for the top bar's anchors. */
const SECTIONS: ComponentType[] = [Hero, Purpose, Features, Events, Sectors, Incubator, AppPromos, DogPoundSection, GetInvolved, CallToAction];
/** Rendered with the first paint: what a phone or a laptop shows before any scrolling. */
const FIRST = 2;

/**
 * Adds the sections below the fold one at a time after the first paint, each in its own low-priority render, so
 * the page never blocks the main thread for long while it starts. Everything is there within a few frames; a visit
 * to an anchor (/#incubator) renders all sections at once.
 */
function useProgressiveCount(total: number, first: number): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((c) => c + 1)), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return count;
}

/** The landing page '/'. */
export default function Home() {
  // Arriving at an anchor (/#involved) needs the whole page at once, so the scroll can reach its section.
  const { hash } = useLocation();
  const count = useProgressiveCount(SECTIONS.length, hash ? SECTIONS.length : FIRST);
  return (
    <>
      <title>{pageTitle()}</title>
      {SECTIONS.slice(0, count).map((Section, i) => (
        // A fixed list that only grows at the end: the position is a stable key.
        <Section key={i} />
      ))}
    </>
  );
}
