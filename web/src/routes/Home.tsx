import { pageTitle } from '../components/brand';
import { AppPromos } from '../features/landing/AppPromos';
import { CallToAction, DogPoundSection, GetInvolved } from '../features/landing/Closing';
import { Events } from '../features/landing/Events';
import { Hero } from '../features/landing/Hero';
import { Incubator } from '../features/landing/Incubator';
import { Features, Purpose } from '../features/landing/Purpose';
import { Sectors } from '../features/landing/Sectors';

/** The landing page '/', in the spec's section order (§2 "Landing sections"), with Events and Get Involved for the top bar's anchors. */
export default function Home() {
  return (
    <>
      <title>{pageTitle()}</title>
      <Hero />
      <Purpose />
      <Features />
      <Events />
      <Sectors />
      <Incubator />
      <AppPromos />
      <DogPoundSection />
      <GetInvolved />
      <CallToAction />
    </>
  );
}
