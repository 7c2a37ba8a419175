import { useId } from 'react';
import { RadioGroup } from 'radix-ui';
import clsx from 'clsx';

interface SegmentOption<V extends string> {
  value: V;
  label: string;
  hint?: string;
}

/** A labelled row of choices (radio group drawn as segments or cards). */
export function Segmented<V extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  cards = false,
}: {
  label: string;
  value: V;
  options: SegmentOption<V>[];
  onChange: (value: V) => void;
  disabled?: boolean;
  cards?: boolean;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <p id={id} className="text-sm font-medium text-gray-800">
        {label}
      </p>
      <RadioGroup.Root
        aria-labelledby={id}
        value={value}
        disabled={disabled}
        onValueChange={(v) => {
          const next = options.find((o) => o.value === v);
          if (next) onChange(next.value);
        }}
        className={clsx(
          cards ? 'grid gap-2 sm:grid-cols-3' : 'flex flex-wrap gap-1 rounded-lg bg-gray-100 p-1',
        )}
      >
        {options.map((option) => (
          <RadioGroup.Item
            key={option.value}
            value={option.value}
            className={clsx(
              'text-sm transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed',
              cards
                ? 'rounded-lg border border-gray-200 bg-white px-3 py-2.5 text-left hover:border-gray-300 data-[state=checked]:border-brand-500 data-[state=checked]:ring-3 data-[state=checked]:ring-brand-500/15'
                : 'flex-1 rounded-md px-3 py-1.5 font-medium whitespace-nowrap text-gray-600 hover:text-gray-900 data-[state=checked]:bg-white data-[state=checked]:text-brand-700 data-[state=checked]:shadow-xs',
            )}
          >
            <span className={cards ? 'block font-medium text-gray-900' : undefined}>
              {option.label}
            </span>
            {cards && option.hint && (
              <span className="mt-0.5 block text-xs leading-5 text-gray-500">{option.hint}</span>
            )}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}
