/** How a model is named and described in the interface: its list, its page and its dialogs. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Model } from '@truss/contracts';
import { personLabel } from '../../lib/format';

/** Spec §3: a model without a name shows "Unnamed Model". */
export function useModelName(): (model: Pick<Model, 'name'>) => string {
  const { t } = useTranslation();
  return useCallback((model) => model.name.trim() || t('models.unnamed'), [t]);
}

/** The converter's format name as people write it ("ifc" -> "IFC"); null until detected. */
export function formatLabel(format: string | null): string | null {
  if (!format) return null;
  const known: Record<string, string> = { gltf: 'glTF', glb: 'GLB', brep: 'BREP', step: 'STEP' };
  return known[format.toLowerCase()] ?? format.toUpperCase();
}

export function creatorLabel(model: Pick<Model, 'creator'>): string | null {
  return model.creator ? personLabel(model.creator) : null;
}

/** The failure's reason in the interface language (its code's catalogue text). */
export function useFailureText(): (model: Pick<Model, 'failure'>) => string {
  const { t } = useTranslation();
  return useCallback(
    (model) => (model.failure ? t(`errors.${model.failure.code}`) : t('errors.CONVERSION_FAILED')),
    [t],
  );
}
