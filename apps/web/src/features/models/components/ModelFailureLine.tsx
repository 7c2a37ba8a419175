import type { Model } from '@truss/contracts';
import { useFailureText } from '../labels';

/** The failure's reason under the name of a failed model. */
export function ModelFailureLine({ model }: { model: Model }) {
  const failureText = useFailureText();
  if (model.status !== 'failed') return null;
  return <p className="truncate text-xs text-red-700">{failureText(model)}</p>;
}
