import { LOADING_BAR, useLoadingBar } from '../lib/loading-bar';

/** The top loading bar shown while a navigation loads (3 px, accent colour). */
export function LoadingBar({ loading }: { loading: boolean }) {
  const { progress, visible } = useLoadingBar(loading);
  return (
    <div
      aria-hidden
      className="pointer-events-none fixed inset-x-0 top-0 z-[60]"
      style={{
        height: LOADING_BAR.height,
        opacity: visible ? 1 : 0,
        transition: 'opacity 300ms ease',
      }}
    >
      <div
        className="h-full bg-gradient-to-r from-brand-500 via-brand-600 to-sky-500 shadow-[0_0_8px_rgba(79,70,229,0.5)]"
        style={{
          width: `${progress}%`,
          transition: progress === 0 ? 'none' : 'width 100ms linear',
        }}
      />
    </div>
  );
}
