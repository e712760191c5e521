export const metadata = {
  title: 'Page vide',
  description: 'Le plancher du framework pour le banc des pages.',
};

export default function FloorPage() {
  return (
    <main>
      <h1>Page vide</h1>
      <p>Next.js seul : ni police, ni feuille de style, ni composant client.</p>
    </main>
  );
}
