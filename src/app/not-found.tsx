import Link from 'next/link';

export default function NotFound() {
  return (
    <div className="container">
      <h1>Page non trouvée</h1>
      <p>
        La page demandée n’existe pas ou a été déplacée. Utilisez la recherche pour retrouver une actualité ou
        un document.
      </p>
      <p>
        <Link href="/">Retour à l’accueil</Link>
      </p>
    </div>
  );
}
