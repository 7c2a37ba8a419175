import { useQuery } from '@tanstack/react-query';
import type { Sheet } from '@truss/contracts';
import type { VectorSheet } from '@truss/viewable';

/** A signed URL without its expiry and signature: the same content. */
const contentKey = (url: string) => url.replace(/[?&](exp|sig)=[^&]*/g, '');

/** A storey plan's vector content (immutable per version: its URL carries the version). */
export function usePlanContent(sheet: Sheet | null, requestInit?: RequestInit) {
  return useQuery({
    queryKey: ['models', 'plan-content', sheet ? contentKey(sheet.content_url) : null] as const,
    enabled: !!sheet,
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const response = await fetch(sheet!.content_url, { ...requestInit, signal });
      if (!response.ok) throw new Error(`plan ${response.status}`);
      return (await response.json()) as VectorSheet;
    },
  });
}
