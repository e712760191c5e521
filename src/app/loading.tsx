/** Shown while a page's server rendering is under way. */
export default function Loading() {
  return (
    <p className="container loading" role="status">
      Chargement...
    </p>
  );
}
