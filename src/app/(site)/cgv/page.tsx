import type { Metadata } from 'next';
import { StaticPage } from '@/components/static/static-page';
import { FREE_TRIAL_DAYS } from '@/lib/constants';
import { PUBLISHER_NAME } from '@/lib/site';
import { env } from '@/server/env';
import { pageMetadata } from '@/server/pages/seo';

export const metadata: Metadata = pageMetadata({
  title: 'Conditions générales de vente',
  description: `Les conditions de vente des ouvrages, mémentos, revues, abonnements et solutions numériques de ${PUBLISHER_NAME}.`,
  path: '/cgv',
});

export default function SalesConditionsPage() {
  return (
    <StaticPage
      siteUrl={env().SITE_URL}
      title="Conditions générales de vente"
      lead={`Ces conditions s’appliquent aux commandes passées auprès de ${PUBLISHER_NAME} sur sa boutique en ligne, par téléphone ou par courrier.`}
      updated="1er septembre 2026"
    >
      <h2>1. Produits et services</h2>
      <p>
        Le catalogue comprend des ouvrages imprimés, des mémentos, des revues, des solutions documentaires en
        ligne, des formations et des services. Leurs caractéristiques essentielles sont présentées sur leur
        fiche dans la boutique.
      </p>
      <h2>2. Prix</h2>
      <p>
        Les prix sont indiqués en euros toutes taxes comprises, hors frais de port précisés avant la
        validation de la commande. Les offres promotionnelles sont valables jusqu’à la date indiquée sur la
        fiche du produit.
      </p>
      <h2>3. Commande et paiement</h2>
      <p>
        La commande est ferme après confirmation du paiement par carte bancaire, virement ou mandat
        administratif. Un courriel récapitulatif est adressé au client ; la facture est disponible dans son
        compte client.
      </p>
      <h2>4. Abonnements</h2>
      <p>
        Les abonnements aux revues et solutions en ligne sont souscrits pour douze mois et renouvelés à leur
        terme sauf résiliation notifiée au moins un mois avant l’échéance. Un essai gratuit de{' '}
        {FREE_TRIAL_DAYS} jours est proposé sur la plupart des solutions en ligne ; il prend fin de lui-même,
        sans engagement.
      </p>
      <h2>5. Livraison</h2>
      <p>
        Les ouvrages sont expédiés sous 48 heures ouvrées en France métropolitaine. Les accès aux solutions en
        ligne sont ouverts dès la confirmation du paiement.
      </p>
      <h2>6. Droit de rétractation</h2>
      <p>
        Le client consommateur dispose de quatorze jours pour se rétracter, sans motif, à compter de la
        réception d’un ouvrage ou de la souscription d’un abonnement. Ce droit ne s’applique pas aux contenus
        numériques dont l’exécution a commencé avec son accord exprès.
      </p>
      <h2>7. Service clients et médiation</h2>
      <p>
        Le service clients répond du lundi au vendredi, de 9h à 18h. En cas de litige non résolu, le client
        consommateur peut recourir gratuitement au médiateur de la consommation dont les coordonnées figurent
        sur sa facture.
      </p>
    </StaticPage>
  );
}
