import type { ComponentType } from 'react';
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

/**
 * The landing page '/': every section is in the built HTML (readers without JavaScript, search engines and link
 * previews see the whole page; the app then hydrates what is there).
 */
export default function Home() {
  return (
    <>
      <title>{pageTitle()}</title>
      {SECTIONS.map((Section, i) => (
        // A fixed list: the position is a stable key.
        <Section key={i} />
      ))}
    </>
  );
}
