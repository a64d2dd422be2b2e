import { pageTitle } from '../components/brand';
import { FundChart } from '../features/pitch/FundChart';
import { Calculator, Roadmap, SectorExplorer } from '../features/pitch/interactive';
import { GrowthEngine, PitchClosing, PitchHeader, PitchHero, PitchSection, Technology, TrustGap } from '../features/pitch/sections';
import { useSiteSettings } from '../features/site/site-data';
import { VideoEmbed } from '../features/site/VideoEmbed';

function VideoPitch() {
  const { pitchVideoUrl } = useSiteSettings();
  return (
    <section aria-label="Video pitch" className="bg-ink-900 pb-16">
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <VideoEmbed link={pitchVideoUrl} title="Watch the video pitch" caption="Ten minutes on the problem, the plan and the people." />
      </div>
    </section>
  );
}

function Solution() {
  return (
    <PitchSection id="solution" eyebrow="The Solution" title="One Ecosystem, Seven Sectors" intro="We rebuild trust where communities live. Choose a sector to see what we are building there." dark>
      <SectorExplorer />
    </PitchSection>
  );
}

function Opportunity() {
  return (
    <PitchSection id="opportunity" eyebrow="Investment Opportunity" title="Get In Before Launch" intro="Pre-launch ADX tokens convert to official tokens when the ADX token launches. See what your investment would buy.">
      <div className="grid gap-8 lg:grid-cols-2">
        <Calculator />
        <div className="flex flex-col justify-center gap-4 text-slate-700">
          <p className="text-lg leading-relaxed">Early investors fund the foundation: the platform, the curriculum and the first cohorts.</p>
          <p className="leading-relaxed">Every purchase appears on our public token ledger, so you can always verify your allocation.</p>
        </div>
      </div>
    </PitchSection>
  );
}

function Funds() {
  return (
    <PitchSection id="funds" eyebrow="Use of Funds" title="Where the Money Goes">
      <FundChart />
    </PitchSection>
  );
}

function RoadmapSection() {
  return (
    <PitchSection id="roadmap" eyebrow="Roadmap" title="From Foundation to Nationwide" dark>
      <Roadmap />
    </PitchSection>
  );
}

/** The sections in the spec's order: hero, video, problem, solution, technology, growth, opportunity, funds, roadmap, closing. */
const SECTIONS = [PitchHero, VideoPitch, TrustGap, Solution, Technology, GrowthEngine, Opportunity, Funds, RoadmapSection, PitchClosing];

/** /pitch-deck: the investor pitch in the spec's section order (§2), under a sticky header; all of it in the built HTML. */
export default function PitchDeck() {
  return (
    <>
      <title>{pageTitle('Pitch Deck')}</title>
      <PitchHeader />
      {SECTIONS.map((Section, i) => (
        // A fixed list: the position is a stable key.
        <Section key={i} />
      ))}
    </>
  );
}
