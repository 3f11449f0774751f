const POINTS = [
  {
    title: 'License verification',
    body: 'Every account is reviewed before it can trade, and seller licenses are checked against the Department of Cannabis Control’s records.',
  },
  {
    title: 'B2B focus',
    body: 'Built for wholesale: lots listed by the pound, asking prices or offers, and private messages between businesses.',
  },
  {
    title: 'Compliance first',
    body: 'Only licensed operators may list or buy, and listings must follow California cannabis regulations.',
  },
] as const;

export function ValuePoints() {
  return (
    <section aria-labelledby="why-canopy" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <h2 id="why-canopy" className="sr-only">
        Why Canopy
      </h2>
      <ul className="grid gap-6 md:grid-cols-3">
        {POINTS.map((point) => (
          <li key={point.title} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold text-slate-900">{point.title}</h3>
            <p className="mt-2 text-sm text-slate-700">{point.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
