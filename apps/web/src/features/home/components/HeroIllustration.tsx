/** A wireframe building in a viewer window: the product at a glance, drawn in SVG (no assets). */
export function HeroIllustration() {
  // Isometric projection of a few storeys: x/y on the ground plane, z up.
  const iso = (x: number, y: number, z: number) =>
    [200 + (x - y) * 0.866 * 22, 205 + (x + y) * 0.5 * 22 - z * 22] as const;
  const line = (a: readonly [number, number], b: readonly [number, number]) =>
    `M${a[0].toFixed(1)} ${a[1].toFixed(1)}L${b[0].toFixed(1)} ${b[1].toFixed(1)}`;
  const floors = [0, 1.4, 2.8, 4.2, 5.6];
  const w = 5;
  const d = 3.5;
  const paths: string[] = [];
  for (const z of floors) {
    const c = [iso(0, 0, z), iso(w, 0, z), iso(w, d, z), iso(0, d, z)] as const;
    paths.push(line(c[0], c[1]), line(c[1], c[2]), line(c[2], c[3]), line(c[3], c[0]));
  }
  for (const [x, y] of [
    [0, 0],
    [w, 0],
    [w, d],
    [0, d],
    [2.5, 0],
    [w, 1.75],
    [2.5, d],
    [0, 1.75],
  ] as const) {
    paths.push(line(iso(x, y, 0), iso(x, y, floors[floors.length - 1] ?? 0)));
  }
  const highlight = [iso(w, 0, 1.4), iso(w, d, 1.4), iso(w, d, 2.8), iso(w, 0, 2.8)];
  return (
    <div className="relative overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-2xl shadow-brand-900/10">
      <div className="flex items-center gap-1.5 border-b border-gray-100 bg-gray-50 px-4 py-2.5">
        <span className="size-2.5 rounded-full bg-gray-300" />
        <span className="size-2.5 rounded-full bg-gray-300" />
        <span className="size-2.5 rounded-full bg-gray-300" />
        <span className="ml-3 h-5 flex-1 rounded-md bg-white ring-1 ring-gray-200" />
      </div>
      <svg viewBox="0 0 400 260" className="block w-full" role="img" aria-hidden>
        <defs>
          <pattern id="grid" width="20" height="20" patternUnits="userSpaceOnUse">
            <path d="M20 0H0V20" fill="none" stroke="#eef0f4" strokeWidth="1" />
          </pattern>
          <linearGradient id="glass" x1="0" x2="1">
            <stop offset="0" stopColor="#818cf8" stopOpacity="0.35" />
            <stop offset="1" stopColor="#38bdf8" stopOpacity="0.25" />
          </linearGradient>
        </defs>
        <rect width="400" height="260" fill="url(#grid)" />
        <polygon points={highlight.map((p) => p.join(',')).join(' ')} fill="url(#glass)" />
        <path
          d={paths.join('')}
          fill="none"
          stroke="#4f46e5"
          strokeWidth="1.4"
          strokeLinecap="round"
        />
        <g transform="translate(286 24)">
          <rect width="100" height="62" rx="8" fill="#fff" stroke="#e5e7eb" />
          <rect x="10" y="12" width="48" height="6" rx="3" fill="#c7d2fe" />
          <rect x="10" y="26" width="80" height="5" rx="2.5" fill="#e5e7eb" />
          <rect x="10" y="37" width="64" height="5" rx="2.5" fill="#e5e7eb" />
          <rect x="10" y="48" width="72" height="5" rx="2.5" fill="#e5e7eb" />
        </g>
        <g transform="translate(14 24)">
          <rect width="28" height="92" rx="8" fill="#fff" stroke="#e5e7eb" />
          {[14, 36, 58, 80].map((y) => (
            <circle key={y} cx="14" cy={y} r="5" fill={y === 14 ? '#4f46e5' : '#e5e7eb'} />
          ))}
        </g>
      </svg>
    </div>
  );
}
