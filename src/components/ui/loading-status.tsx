/** The spec's loading fallback: 'Chargement...', announced politely to screen readers. */
export function LoadingStatus({ className = 'loading' }: { className?: string | undefined }) {
  return (
    <p className={className} role="status">
      Chargement...
    </p>
  );
}
