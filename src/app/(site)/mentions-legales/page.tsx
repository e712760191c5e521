import type { Metadata } from 'next';
import { StaticPage } from '@/components/static/static-page';
import { DAILY_NAME, PUBLISHER_NAME } from '@/lib/site';
import { env } from '@/server/env';
import { pageMetadata } from '@/server/pages/seo';

export const metadata: Metadata = pageMetadata({
  title: 'Mentions légales',
  description: `Éditeur, directeur de la publication, hébergeur et données personnelles du site ${DAILY_NAME}.`,
  path: '/mentions-legales',
});

export default function LegalNoticesPage() {
  return (
    <StaticPage siteUrl={env().SITE_URL} title="Mentions légales" updated="1er septembre 2026">
      <h2>Éditeur</h2>
      <p>
        {PUBLISHER_NAME}, société par actions simplifiée au capital de 2 500 000 €, immatriculée au registre
        du commerce et des sociétés de Nanterre, dont le siège est situé 12 rue de l’Éditeur, 92200
        Neuilly-sur-Seine. Téléphone : 01 41 05 22 22.
      </p>
      <h2>Directeur de la publication</h2>
      <p>Le président de {PUBLISHER_NAME}.</p>
      <h2>Rédaction</h2>
      <p>
        {DAILY_NAME} est rédigée par les équipes éditoriales de {PUBLISHER_NAME} : juristes, fiscalistes,
        experts de la paie et de la comptabilité, sous l’autorité d’un comité de rédaction et d’un rédacteur
        en chef nommés dans chaque numéro.
      </p>
      <h2>Hébergement</h2>
      <p>
        Le site est hébergé en France, dans des centres de données situés dans l’Union européenne, par un
        prestataire soumis au règlement général sur la protection des données.
      </p>
      <h2>Données personnelles</h2>
      <p>
        Les données recueillies lors de l’inscription, de l’abonnement à la newsletter ou d’une commande sont
        traitées par {PUBLISHER_NAME} pour fournir le service demandé et, avec l’accord du lecteur, lui
        adresser des informations sur ses produits. Elles sont conservées trois ans après le dernier contact.
        Chacun dispose d’un droit d’accès, de rectification, d’effacement, de limitation, d’opposition et de
        portabilité, qu’il exerce auprès du délégué à la protection des données de l’éditeur, ainsi que du
        droit d’introduire une réclamation auprès de la CNIL.
      </p>
      <h2>Cookies</h2>
      <p>
        Le site dépose des cookies nécessaires à son fonctionnement (session, panier) et, avec l’accord du
        visiteur, des cookies de mesure d’audience. Le lien « Paramètres des cookies » en bas de chaque page
        permet de modifier ce choix à tout moment.
      </p>
    </StaticPage>
  );
}
