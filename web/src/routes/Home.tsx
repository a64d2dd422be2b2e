import type { ComponentType } from 'react';
import { pageTitle } from '../components/brand';
import { AppPromos } from '../features/landing/AppPromos';
import { CallToAction, DogPoundSection, GetInvolved } from '../features/landing/Closing';
import { Events } from '../features/landing/Events';
import { Hero } from '../features/landing/Hero';
import { Incubator } from '../features/landing/Incubator';
import { Features, Purpose } from '../features/landing/Purpose';
import { Sectors } from '../features/landing/Sectors';
import { useProgressiveCount } from '../lib/progressive';

/** The landing page's sections in the spec's order (§2 "Landing sections"), with Events and Get Involved for the top bar's anchors. */
const SECTIONS: ComponentType[] = [Hero, Purpose, Features, Events, Sectors, Incubator, AppPromos, DogPoundSection, GetInvolved, CallToAction];
/** Rendered with the first paint: what a phone or a laptop shows before any scrolling. */
const FIRST = 2;

/** The landing page '/': the first sections with the first paint, the rest right after (useProgressiveCount). */
export default function Home() {
  const count = useProgressiveCount(SECTIONS.length, FIRST);
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
