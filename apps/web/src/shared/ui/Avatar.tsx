import clsx from 'clsx';

/** Spec §9: avatar initials are at most 2 characters. */
export function initials(name: string | null | undefined): string {
  const text = (name ?? '').trim();
  if (!text) return '?';
  const base = text.includes('@') ? (text.split('@')[0] ?? text) : text;
  const words = base.split(/[\s._-]+/).filter(Boolean);
  const chars =
    words.length >= 2
      ? [...(words[0] ?? '')].slice(0, 1).concat([...(words[1] ?? '')].slice(0, 1))
      : [...(words[0] ?? base)].slice(0, 2);
  return chars.join('').toUpperCase().slice(0, 2);
}

const sizes = {
  16: 'size-4 text-[8px]',
  24: 'size-6 text-[10px]',
  32: 'size-8 text-xs',
  40: 'size-10 text-sm',
  48: 'size-12 text-base',
};

export function Avatar({
  name,
  size = 32,
  color,
  className,
}: {
  name: string | null | undefined;
  size?: keyof typeof sizes;
  color?: string | undefined;
  className?: string;
}) {
  return (
    <span
      aria-hidden
      className={clsx(
        'inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white select-none',
        !color && 'bg-brand-600',
        sizes[size],
        className,
      )}
      style={color ? { backgroundColor: color } : undefined}
    >
      {initials(name)}
    </span>
  );
}
