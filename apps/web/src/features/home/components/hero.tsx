import { HERO } from '../texts.ts';
import { HeroActions } from './hero-actions.tsx';
import { NewestLot } from './newest-lot.tsx';

export function Hero() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-slate-50">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-12 sm:px-6 sm:py-20 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-center lg:gap-16 lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">{HERO.eyebrow}</p>
          <h1 className="mt-3 max-w-3xl text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {HERO.title}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-700">{HERO.lead}</p>
          <HeroActions />
        </div>
        <NewestLot />
      </div>
    </section>
  );
}
