import 'server-only';
import type { NewsTopic } from '@/lib/constants';

/**
 * Editorial raw material of the demo news, per news topic: curated stories (thematic, title, summary and the
 * kind of source they comment on) and the vocabulary the body templates draw from. Placeholders in braces
 * ({annee}, {anneeSuivante}) are filled with the publication year.
 */

/** j: a court decision, t: a statute or regulation, d: administrative doctrine or a professional body. */
export type SourceKind = 'j' | 't' | 'd';

export type Story = { thematic: string; title: string; summary: string; kind: SourceKind };

export type CourtKey =
  | 'ce'
  | 'caa'
  | 'cassSoc'
  | 'cassCom'
  | 'cassCiv1'
  | 'cassCiv2'
  | 'cassCiv3'
  | 'cjue'
  | 'cc'
  | 'caParis';

export type TopicCorpus = {
  stories: readonly Story[];
  /** Legal references quoted in bodies and documents. */
  refs: readonly string[];
  courts: readonly CourtKey[];
  /** Who went to court, as the subject of a sentence. */
  parties: readonly string[];
  /** What was disputed, as the object of "contestait". */
  disputes: readonly string[];
  /** Who must act on the news, plural with article. */
  publics: readonly string[];
  /** Practical advice, infinitive phrases without the final period. */
  advice: readonly string[];
  /** Measures of a new text, noun phrases. */
  measures: readonly string[];
  /** Doctrine source prefixes (BOI series, professional bodies). */
  doctrine: readonly string[];
  /** Other trade filters the news is relevant to, besides its own topic. */
  relatedTrades: readonly string[];
};

const story = (thematic: string, kind: SourceKind, title: string, summary: string): Story => ({
  thematic,
  title,
  summary,
  kind,
});

export const CORPUS: Record<NewsTopic, TopicCorpus> = {
  fiscal: {
    stories: [
      story(
        'TVA',
        'd',
        'TVA : la facturation électronique entre assujettis se précise',
        "L'administration détaille le calendrier de généralisation, les mentions obligatoires nouvelles et le rôle des plateformes agréées.",
      ),
      story(
        'TVA',
        'j',
        "Droit à déduction de la TVA : une facture irrégulière n'interdit pas toujours la déduction",
        "Le Conseil d'État admet la déduction lorsque l'entreprise établit, par d'autres éléments, la réalité de l'opération et la qualité d'assujetti du fournisseur.",
      ),
      story(
        'TVA',
        't',
        'Taux réduit de TVA sur les travaux de rénovation : une attestation simplifiée',
        "Un décret allège l'attestation que le client remet à l'entreprise pour bénéficier des taux de 5,5 % et 10 %.",
      ),
      story(
        'Impôt sur les sociétés',
        'd',
        'Impôt sur les sociétés : le plafonnement des charges financières nettes commenté',
        "L'administration publie ses commentaires sur le calcul de l'EBITDA fiscal et sur la clause de sauvegarde des groupes.",
      ),
      story(
        'Impôt sur les sociétés',
        'j',
        "Report en arrière des déficits : l'option peut être exercée dans une réclamation",
        "Une société peut opter pour le carry-back après l'expiration du délai de déclaration, dès lors qu'elle le fait dans le délai de réclamation.",
      ),
      story(
        'Impôt sur les sociétés',
        'j',
        'Régime mère-fille : la condition de conservation des titres précisée',
        "L'engagement de conservation de deux ans est respecté en cas d'apport des titres placé sous le régime spécial des fusions.",
      ),
      story(
        'Impôt sur le revenu',
        't',
        "Barème de l'impôt sur le revenu {annee} : les tranches revalorisées",
        "Les limites des tranches du barème progressif sont relevées pour tenir compte de l'inflation ; la décote et les plafonds du quotient familial suivent.",
      ),
      story(
        'Impôt sur le revenu',
        'd',
        'Prélèvement à la source : les règles de modulation du taux assouplies',
        "Le seuil d'écart permettant de moduler à la baisse le taux de prélèvement est abaissé et la démarche en ligne simplifiée.",
      ),
      story(
        'Contrôle fiscal',
        'j',
        "Vérification de comptabilité : l'avis de vérification doit précéder toute intervention sur place",
        "Le Conseil d'État annule les rehaussements lorsque le vérificateur a consulté des documents avant la remise de l'avis et de la charte.",
      ),
      story(
        'Contrôle fiscal',
        'd',
        'Abus de droit : le comité précise la notion de motif principalement fiscal',
        "Le rapport annuel du comité de l'abus de droit fiscal illustre la mise en œuvre de la procédure issue de l'article L 64 A du LPF.",
      ),
      story(
        'Fiscalité internationale',
        't',
        'Prix de transfert : la documentation obligatoire étendue',
        "Le seuil de chiffre d'affaires déclenchant l'obligation de documentation est abaissé et le contenu du fichier local enrichi.",
      ),
      story(
        'Fiscalité internationale',
        'd',
        'Impôt minimum mondial : premières déclarations d’information GloBE',
        "L'administration précise le calendrier de dépôt et le contenu de la déclaration d'information des groupes soumis au Pilier 2.",
      ),
      story(
        'Fiscalité locale',
        'd',
        'CFE {annee} : les dates limites de paiement',
        "Les avis de cotisation foncière des entreprises sont disponibles dans l'espace professionnel ; le paiement doit intervenir au plus tard le 15 décembre.",
      ),
      story(
        'Enregistrement et droits de mutation',
        'j',
        "Cession de parts d'une société à prépondérance immobilière : assiette des droits",
        'La Cour de cassation rappelle que la prépondérance immobilière s’apprécie à la date de la cession, en tenant compte des participations détenues.',
      ),
      story(
        'Plus-values professionnelles',
        'j',
        "Départ à la retraite du dirigeant : l'exonération des plus-values suppose la cessation de toute fonction",
        "Le maintien d'une fonction de direction, même non rémunérée, dans la société cédée fait obstacle à l'abattement.",
      ),
      story(
        'Loi de finances',
        't',
        'Loi de finances pour {anneeSuivante} : les principales mesures pour les entreprises',
        'Tour d’horizon des mesures intéressant les entreprises : impôt sur les sociétés, TVA, fiscalité locale et crédits d’impôt.',
      ),
      story(
        "Crédit d'impôt recherche",
        'j',
        "Crédit d'impôt recherche : les dépenses de sous-traitance doivent être justifiées opération par opération",
        'La société doit établir que chaque prestataire agréé a réalisé des opérations de recherche éligibles pour son compte.',
      ),
      story(
        'Taxe sur les salaires',
        't',
        'Taxe sur les salaires : les seuils des tranches revalorisés pour {annee}',
        'Les limites des tranches du barème de la taxe sur les salaires évoluent comme la première tranche du barème de l’impôt sur le revenu.',
      ),
    ],
    refs: [
      'CGI art. 209',
      'CGI art. 39, 1-1°',
      'CGI art. 256',
      'CGI art. 271',
      'CGI art. 150-0 A',
      'CGI art. 145',
      'CGI art. 223 A',
      'CGI art. 1729',
      'CGI art. 212 bis',
      'CGI art. 244 quater B',
      'CGI art. 151 septies A',
      'CGI art. 1447',
      'LPF art. L 16 B',
      'LPF art. L 47',
      'LPF art. L 64',
      'LPF art. L 169',
    ],
    courts: ['ce', 'caa', 'cassCom', 'cjue', 'cc'],
    parties: [
      "une société soumise à l'impôt sur les sociétés",
      'un contribuable',
      'une SARL de négoce',
      'une société holding animatrice',
      'un médecin exerçant à titre libéral',
      'une société civile immobilière',
    ],
    disputes: [
      "les rehaussements notifiés à l'issue d'une vérification de comptabilité",
      "le refus de l'administration d'admettre la déduction de la TVA",
      'la remise en cause du régime de faveur appliqué à une opération de restructuration',
      'la réintégration de charges jugées non déductibles',
      'les pénalités pour manquement délibéré',
    ],
    publics: ['les entreprises', 'les contribuables', 'les directions fiscales', 'les conseils'],
    advice: [
      'documenter précisément la réalité économique des opérations',
      "conserver les pièces justificatives pendant toute la durée du droit de reprise de l'administration",
      'vérifier les mentions obligatoires des factures reçues',
      "anticiper l'exercice des options fiscales avant la date limite de dépôt",
      "solliciter un rescrit en cas de doute sur l'application du texte",
      'mettre à jour les procédures de clôture',
    ],
    measures: [
      'le relèvement des seuils des régimes simplifiés',
      'la prorogation du dispositif pour trois années supplémentaires',
      "l'aménagement des obligations déclaratives",
      'la suppression progressive de la cotisation concernée',
      "l'extension du champ du crédit d'impôt",
      'un nouveau régime de sanctions',
    ],
    doctrine: [
      'BOI-TVA-DED-20-10',
      'BOI-IS-BASE-35-40',
      'BOI-IR-LIQ-20-10',
      'BOI-CF-IOR-10-20',
      'BOI-BIC-PVMV-40-20',
    ],
    relatedTrades: ['comptable', 'patrimoine', 'affaires'],
  },
  social: {
    stories: [
      story(
        'Paie',
        't',
        'Paie : les chiffres clés à intégrer au 1er janvier {anneeSuivante}',
        'Plafond de la sécurité sociale, SMIC, taux de cotisations et seuils d’exonération : les paramètres de paie qui changent.',
      ),
      story(
        'Rupture du contrat',
        'j',
        'Rupture conventionnelle : le délai de rétractation court à compter de la signature par les deux parties',
        'La Cour de cassation rappelle que chaque partie doit disposer d’un exemplaire signé de la convention pour que le délai commence à courir.',
      ),
      story(
        'Rupture du contrat',
        'j',
        "Licenciement pour inaptitude : la consultation du CSE s'impose même sans poste de reclassement",
        "L'employeur doit recueillir l'avis du comité social et économique avant de proposer un poste ou de constater l'impossibilité de reclasser.",
      ),
      story(
        'Contrat de travail',
        'j',
        "Période d'essai : le renouvellement doit être expressément accepté par le salarié",
        "La simple signature d'un document remis par l'employeur ne suffit pas à caractériser une volonté claire et non équivoque.",
      ),
      story(
        'Contrat de travail',
        'j',
        "Télétravail : le retour sur site ne peut être imposé au mépris de l'accord collectif",
        "Lorsque l'accord prévoit un délai de prévenance, l'employeur qui y déroge commet un manquement à ses obligations.",
      ),
      story(
        'Durée du travail',
        'j',
        "Forfait jours : l'employeur doit assurer un suivi effectif de la charge de travail",
        "À défaut d'entretien annuel et de dispositif de contrôle, la convention de forfait est privée d'effet et le salarié peut réclamer des heures supplémentaires.",
      ),
      story(
        'Congés payés',
        't',
        'Congés payés et arrêt maladie : les salariés acquièrent des droits pendant leur absence',
        "La loi met le droit français en conformité avec le droit de l'Union et fixe un plafond de quatre semaines par an pour les arrêts non professionnels.",
      ),
      story(
        'Cotisations sociales',
        't',
        'Réduction générale des cotisations : le nouveau mode de calcul',
        "Le coefficient est désormais dégressif jusqu'à trois SMIC ; les logiciels de paie doivent intégrer la nouvelle formule.",
      ),
      story(
        'Cotisations sociales',
        'j',
        'Contrôle Urssaf : la lettre d’observations doit détailler chaque chef de redressement',
        "L'absence de mention du mode de calcul et du montant par chef de redressement entraîne la nullité de la procédure.",
      ),
      story(
        'Représentation du personnel',
        'j',
        'CSE : précisions sur la consultation relative aux orientations stratégiques',
        "L'employeur doit mettre à disposition des élus, dans la base de données économiques, sociales et environnementales, les informations prospectives.",
      ),
      story(
        'Épargne salariale',
        't',
        'Partage de la valeur : la prime de partage de la valeur aménagée',
        'Les conditions d’exonération de la prime sont modifiées et un nouveau dispositif de partage de la valeur est ouvert aux entreprises de 11 à 49 salariés.',
      ),
      story(
        'Santé et sécurité au travail',
        'j',
        "Obligation de sécurité : l'employeur qui justifie des mesures de prévention échappe à sa responsabilité",
        "La Cour de cassation confirme qu'il n'y a pas de manquement lorsque toutes les mesures prévues par le Code du travail ont été prises.",
      ),
      story(
        'Conventions collectives',
        'd',
        "Convention collective des bureaux d'études techniques : extension de l'avenant salarial",
        "L'arrêté d'extension rend obligatoires les nouveaux minima conventionnels pour toutes les entreprises de la branche.",
      ),
      story(
        'Retraite',
        't',
        'Cumul emploi-retraite : la reprise d’activité ouvre de nouveaux droits',
        "Les assurés en cumul intégral peuvent acquérir une seconde pension, dans la limite d'un plafond, à compter de leur reprise d'activité.",
      ),
      story(
        'Formation professionnelle',
        't',
        'Compte personnel de formation : une participation forfaitaire instaurée',
        'Le titulaire du compte doit désormais acquitter une participation forfaitaire, sauf exceptions, lors de la mobilisation de ses droits.',
      ),
      story(
        "Contentieux prud'homal",
        'j',
        "Barème des indemnités prud'homales : la Cour de cassation confirme son application",
        "Le juge ne peut écarter le barème au motif qu'il ne permettrait pas une réparation adéquate du préjudice du salarié.",
      ),
      story(
        'Discrimination et harcèlement',
        'j',
        'Harcèlement moral : le juge doit examiner l’ensemble des éléments présentés par le salarié',
        'Les faits invoqués doivent être appréciés dans leur ensemble et non isolément pour déterminer s’ils laissent supposer un harcèlement.',
      ),
      story(
        'Maladie et accidents du travail',
        'j',
        "Accident survenu en télétravail : la présomption d'imputabilité s'applique",
        "L'accident survenu au domicile pendant les heures de télétravail est présumé être un accident du travail.",
      ),
    ],
    refs: [
      'art. L. 1234-9 du Code du travail',
      'art. L. 1237-19 du Code du travail',
      'art. L. 1226-2 du Code du travail',
      'art. L. 3121-64 du Code du travail',
      'art. L. 1152-1 du Code du travail',
      'art. L. 2312-8 du Code du travail',
      'art. L. 1221-21 du Code du travail',
      'art. L. 1233-3 du Code du travail',
      'art. L. 3141-5 du Code du travail',
      'art. L. 4121-1 du Code du travail',
      'CSS art. L 242-1',
      'CSS art. L 241-13',
      'CSS art. R 243-59',
      'CSS art. L 411-1',
    ],
    courts: ['cassSoc', 'cassSoc', 'cassSoc', 'cassCiv2', 'ce'],
    parties: [
      'un salarié engagé en qualité de comptable',
      'une salariée cadre soumise à une convention de forfait en jours',
      'un employeur du secteur de la distribution',
      'un salarié protégé',
      'une société de services informatiques',
      'un responsable commercial',
    ],
    disputes: [
      'son licenciement pour faute grave',
      "le refus de l'employeur de lui verser un rappel d'heures supplémentaires",
      'le redressement de cotisations notifié par l’Urssaf',
      'la validité de la rupture conventionnelle signée avec son employeur',
      'la modification unilatérale de sa rémunération variable',
    ],
    publics: [
      'les employeurs',
      'les services RH',
      'les gestionnaires de paie',
      'les représentants du personnel',
    ],
    advice: [
      'mettre à jour les paramètres du logiciel de paie',
      'informer les représentants du personnel dans les délais requis',
      'conserver la preuve de la remise des documents au salarié',
      'revoir les clauses types des contrats de travail',
      'organiser un entretien annuel de suivi de la charge de travail',
      'vérifier la convention collective applicable',
    ],
    measures: [
      "l'allongement de la durée d'indemnisation",
      'la création d’une nouvelle obligation de négocier',
      'le relèvement du seuil d’effectif',
      'la simplification du bulletin de paie',
      "l'aménagement de la procédure de licenciement",
      "l'extension du dispositif aux salariés à temps partiel",
    ],
    doctrine: [
      'Instruction DGT',
      'Circulaire DSS/5B',
      'Questions-réponses du ministère du travail',
      'Bulletin officiel de la sécurité sociale',
    ],
    relatedTrades: ['comptable', 'affaires'],
  },
  affaires: {
    stories: [
      story(
        'Droit des sociétés',
        'j',
        "SAS : la clause d'exclusion doit fixer les modalités de détermination du prix de rachat",
        "Faute de stipulation sur le prix, la clause statutaire d'exclusion ne peut être mise en œuvre sans recourir à l'expert de l'article 1843-4 du Code civil.",
      ),
      story(
        'Droit des sociétés',
        't',
        'Assemblées générales : la participation à distance pérennisée',
        "Les sociétés peuvent prévoir dans leurs statuts la tenue d'assemblées par visioconférence, sous réserve du droit d'opposition des associés.",
      ),
      story(
        'Droit des sociétés',
        'j',
        'Gérant de SARL : la révocation sans juste motif ouvre droit à réparation',
        "Le gérant révoqué sans juste motif obtient des dommages-intérêts, même si la décision de révocation n'est pas annulée.",
      ),
      story(
        'Procédures collectives',
        'j',
        'Sauvegarde accélérée : les classes de parties affectées et l’application forcée interclasses',
        'Le tribunal peut arrêter le plan malgré le vote défavorable d’une classe si les conditions du test du meilleur intérêt sont remplies.',
      ),
      story(
        'Procédures collectives',
        'j',
        "Liquidation judiciaire : le dirigeant condamné pour insuffisance d'actif en cas de faute de gestion caractérisée",
        'La simple négligence ne suffit plus à engager la responsabilité du dirigeant pour insuffisance d’actif.',
      ),
      story(
        'Baux commerciaux',
        'j',
        "Bail commercial : la clause d'indexation ne jouant qu'à la hausse est réputée non écrite",
        "Seule la stipulation prohibée est réputée non écrite, le reste de la clause d'indexation continuant de s'appliquer.",
      ),
      story(
        'Baux commerciaux',
        't',
        'Loyers commerciaux : le plafonnement de la variation annuelle prolongé',
        "Pour les petites et moyennes entreprises, la variation de l'indice des loyers commerciaux reste plafonnée à 3,5 %.",
      ),
      story(
        'Contrats commerciaux',
        'j',
        'Déséquilibre significatif : appréciation au regard de l’économie globale du contrat',
        'Les juges doivent rechercher si la clause litigieuse est compensée par d’autres stipulations favorables au partenaire.',
      ),
      story(
        'Droit de la concurrence',
        'd',
        "Pratiques anticoncurrentielles : sanction d'un échange d'informations entre distributeurs",
        "L'Autorité de la concurrence sanctionne des échanges réguliers d'informations stratégiques sur les prix de revente.",
      ),
      story(
        'Sûretés',
        'j',
        'Cautionnement : la proportionnalité de l’engagement de la caution personne physique',
        "Le créancier professionnel ne peut se prévaloir d'un cautionnement manifestement disproportionné aux revenus et au patrimoine de la caution.",
      ),
      story(
        'Propriété intellectuelle',
        'j',
        "Contrefaçon de marque : la responsabilité de l'exploitant d'une place de marché",
        "L'exploitant qui présente les annonces de tiers sous sa propre marque peut être regardé comme faisant usage du signe contrefaisant.",
      ),
      story(
        'Données personnelles',
        'd',
        'RGPD : sanction pour une vidéosurveillance permanente des salariés',
        'La CNIL rappelle que la surveillance continue des postes de travail est disproportionnée et prononce une amende.',
      ),
      story(
        'Fonds de commerce',
        't',
        "Cession de fonds de commerce : l'information préalable des salariés assouplie",
        "L'information peut être délivrée par tout moyen donnant date certaine et la sanction de nullité est remplacée par une amende civile plafonnée.",
      ),
      story(
        'Droit bancaire',
        'j',
        "Devoir de mise en garde du banquier : l'emprunteur averti n'en bénéficie pas",
        "La banque n'est tenue de mettre en garde que l'emprunteur non averti, au regard de ses capacités financières et du risque d'endettement.",
      ),
      story(
        'RSE et devoir de vigilance',
        'j',
        'Devoir de vigilance : les premières décisions au fond',
        'Le tribunal judiciaire de Paris enjoint à une société mère de compléter son plan de vigilance sur la cartographie des risques.',
      ),
      story(
        'Consommation',
        't',
        'Démarchage téléphonique : le consentement préalable devient obligatoire',
        "La prospection commerciale par téléphone n'est plus possible qu'auprès des consommateurs ayant donné leur accord exprès.",
      ),
      story(
        'Droit pénal des affaires',
        'j',
        'Abus de biens sociaux : point de départ de la prescription en cas de dissimulation',
        'La prescription court à compter de la présentation des comptes annuels, sauf dissimulation des dépenses litigieuses.',
      ),
    ],
    refs: [
      'C. com. art. L 145-9',
      'C. com. art. L 145-15',
      'C. com. art. L 225-35',
      'C. com. art. L 227-1',
      'C. com. art. L 223-25',
      'C. com. art. L 442-1',
      'C. com. art. L 626-31',
      'C. com. art. L 651-2',
      'C. civ. art. 1171',
      'C. civ. art. 1195',
      'C. civ. art. 1843-4',
      'C. civ. art. 2300',
      'C. consom. art. L 223-1',
    ],
    courts: ['cassCom', 'cassCom', 'cassCiv1', 'caParis', 'cjue'],
    parties: [
      'un associé minoritaire',
      "le président d'une SAS",
      'un fournisseur de matériel industriel',
      'le bailleur de locaux commerciaux',
      'le liquidateur judiciaire',
      'une caution dirigeante',
    ],
    disputes: [
      "la délibération de l'assemblée ayant approuvé les comptes",
      'la résiliation du contrat de distribution',
      'le montant du loyer du bail renouvelé',
      'la mise en jeu de son engagement de caution',
      'sa condamnation au titre de l’insuffisance d’actif',
    ],
    publics: [
      'les dirigeants',
      'les directions juridiques',
      'les associés',
      'les praticiens des procédures collectives',
    ],
    advice: [
      'revoir la rédaction des clauses statutaires',
      'formaliser les décisions des organes sociaux',
      'auditer les contrats de distribution en cours',
      'vérifier les délais de prescription applicables',
      'anticiper la renégociation des baux arrivant à échéance',
      'tenir à jour le registre des bénéficiaires effectifs',
    ],
    measures: [
      'la simplification des formalités de constitution',
      'la réforme du droit des sûretés',
      'la création d’un nouveau tribunal des activités économiques',
      "l'encadrement des délais de paiement",
      'la dématérialisation des registres',
    ],
    doctrine: [
      'Communiqué de la Chancellerie',
      "Avis de l'Autorité de la concurrence",
      'Délibération CNIL',
      'Réponse ministérielle',
    ],
    relatedTrades: ['finance', 'comptable', 'fiscal'],
  },
  comptable: {
    stories: [
      story(
        'Comptes annuels',
        'd',
        'Clôture des comptes {annee} : les points d’attention',
        'Événements postérieurs, continuité d’exploitation, informations sur les risques climatiques : les sujets à examiner avant l’arrêté des comptes.',
      ),
      story(
        'Comptes annuels',
        't',
        'Dépôt des comptes : l’option de confidentialité élargie',
        'Les moyennes entreprises peuvent désormais demander que leur compte de résultat ne soit pas rendu public.',
      ),
      story(
        'Normes IFRS',
        'd',
        'IFRS 18 : la nouvelle présentation du compte de résultat',
        'La norme impose des sous-totaux définis et une information sur les indicateurs de performance définis par la direction.',
      ),
      story(
        'Normes IFRS',
        'd',
        'IFRS 16 : comptabilisation des modifications de contrats de location',
        "L'IFRS Interpretations Committee précise le traitement des allègements de loyers accordés par le bailleur.",
      ),
      story(
        'Règles comptables',
        't',
        'Règlement ANC : ce qui change pour les exercices ouverts en {anneeSuivante}',
        'Le règlement modifie la définition du résultat exceptionnel et la présentation du compte de résultat.',
      ),
      story(
        'Règles comptables',
        'd',
        "Provisions pour litiges : l'ANC précise les critères de comptabilisation",
        'Une provision doit être constituée dès lors que la sortie de ressources est probable et que son montant peut être estimé de manière fiable.',
      ),
      story(
        'Audit et commissariat aux comptes',
        't',
        'Commissaires aux comptes : les seuils de désignation obligatoire relevés',
        "Les seuils de bilan, de chiffre d'affaires et d'effectif déclenchant la nomination d'un commissaire aux comptes sont réévalués.",
      ),
      story(
        'Audit et commissariat aux comptes',
        'd',
        "Normes d'exercice professionnel : la CNCC publie un guide sur les travaux de fin de mission",
        'Le guide rappelle les diligences relatives aux événements postérieurs à la clôture et à la lettre d’affirmation.',
      ),
      story(
        'Reporting de durabilité',
        't',
        'CSRD : les obligations de la deuxième vague reportées',
        'Les entreprises qui devaient publier un rapport de durabilité à partir des exercices ouverts en {anneeSuivante} bénéficient d’un report de deux ans.',
      ),
      story(
        'Reporting de durabilité',
        'd',
        'Normes ESRS : premiers enseignements des rapports de durabilité publiés',
        "L'analyse des premiers rapports montre une grande hétérogénéité dans l'analyse de double matérialité.",
      ),
      story(
        'Consolidation',
        't',
        'Comptes consolidés : le règlement ANC 2020-01 modifié',
        'Les modifications portent sur le périmètre de consolidation et sur le traitement des regroupements sous contrôle commun.',
      ),
      story(
        'Profession comptable',
        't',
        'Experts-comptables : le recouvrement amiable des créances de leurs clients autorisé',
        "L'expert-comptable peut, à titre accessoire, procéder au recouvrement amiable des créances de ses clients.",
      ),
      story(
        'Finance',
        'd',
        "Affacturage : la présentation des créances cédées dans l'annexe",
        "La décomptabilisation des créances suppose le transfert de la quasi-totalité des risques ; l'annexe doit en faire état.",
      ),
      story(
        'Information financière',
        't',
        'Rapport de gestion : un contenu allégé pour les petites entreprises',
        'Les petites entreprises sont dispensées de rapport de gestion, à condition de fournir certaines informations en annexe.',
      ),
      story(
        "Évaluation d'entreprise",
        'j',
        'Évaluation des titres non cotés : la méthode des flux de trésorerie actualisés admise',
        "Le juge admet la méthode DCF lorsque les prévisions d'activité sont étayées et cohérentes avec l'historique de la société.",
      ),
    ],
    refs: [
      'PCG art. 213-1',
      'PCG art. 214-13',
      'PCG art. 322-1',
      'PCG art. 833-2',
      'C. com. art. L 123-12',
      'C. com. art. L 232-1',
      'C. com. art. L 823-9',
      'C. com. art. L 232-25',
      'Règl. ANC 2014-03',
      'Règl. ANC 2022-06',
      'IFRS 16',
      'IFRS 15',
      'IAS 36',
      'IFRS 9',
    ],
    courts: ['ce', 'cassCom', 'caa'],
    parties: [
      "une société d'expertise comptable",
      'un commissaire aux comptes',
      'une société cotée',
      'un groupe de distribution',
      'une société industrielle',
    ],
    disputes: [
      "l'évaluation retenue pour les titres de participation",
      'la sanction disciplinaire prononcée par le H3C',
      'le refus de certification des comptes',
      'la dépréciation du fonds commercial',
    ],
    publics: [
      'les entreprises',
      'les experts-comptables',
      'les commissaires aux comptes',
      'les directions financières',
    ],
    advice: [
      'documenter les hypothèses retenues pour les tests de dépréciation',
      "compléter l'annexe des informations requises",
      'anticiper les travaux de clôture avec le commissaire aux comptes',
      'adapter le plan de comptes',
      'former les équipes comptables aux nouvelles règles',
    ],
    measures: [
      'la refonte du plan comptable général',
      'la suppression du résultat exceptionnel',
      'de nouvelles informations en annexe',
      "l'allégement des obligations des micro-entreprises",
    ],
    doctrine: ['Bull. CNCC', 'Avis ANC', 'Recommandation AMF', 'Recueil des normes comptables'],
    relatedTrades: ['finance', 'fiscal', 'affaires'],
  },
  immobilier: {
    stories: [
      story(
        "Baux d'habitation",
        'd',
        'Indice de référence des loyers : publication du dernier indice trimestriel',
        "L'Insee publie l'indice de référence des loyers qui sert de base à la révision annuelle des loyers d'habitation.",
      ),
      story(
        "Baux d'habitation",
        'j',
        'Congé pour vendre : la notice d’information doit être jointe',
        "Le congé délivré sans la notice d'information prévue par arrêté est nul, même si le locataire n'en a subi aucun grief.",
      ),
      story(
        'Copropriété',
        't',
        "Copropriété : l'assemblée générale peut se tenir exclusivement à distance",
        "Le syndic peut, sur décision de l'assemblée, organiser les réunions uniquement par visioconférence.",
      ),
      story(
        'Copropriété',
        'j',
        'Syndic de copropriété : la mise en concurrence obligatoire précisée',
        "Le non-respect de la mise en concurrence du contrat de syndic n'entraîne pas la nullité de la désignation.",
      ),
      story(
        'Construction et urbanisme',
        'j',
        'Garantie décennale : les éléments d’équipement installés sur un existant',
        "Les désordres affectant un élément d'équipement adjoint à l'existant relèvent de la responsabilité décennale lorsqu'ils rendent l'ouvrage impropre à sa destination.",
      ),
      story(
        'Construction et urbanisme',
        'j',
        'Permis de construire : le délai de recours des tiers suppose un affichage régulier',
        'Le délai de deux mois ne court pas lorsque le panneau d’affichage omet la hauteur de la construction projetée.',
      ),
      story(
        'Vente immobilière',
        'j',
        'Diagnostic de performance énergétique erroné : la responsabilité du diagnostiqueur',
        "L'acquéreur peut obtenir réparation de la perte de chance de négocier un meilleur prix en raison d'un DPE erroné.",
      ),
      story(
        'Vente immobilière',
        'j',
        "Promesse de vente : le délai de rétractation de l'acquéreur non professionnel",
        "Le délai de dix jours ne court qu'à compter de la notification régulière de l'acte à chacun des acquéreurs.",
      ),
      story(
        'Location meublée',
        't',
        'Meublés de tourisme : nouvelles obligations de déclaration et plafonds de location',
        'Les communes peuvent abaisser à 90 jours par an la durée de location de la résidence principale et imposer un numéro d’enregistrement.',
      ),
      story(
        'Fiscalité immobilière',
        't',
        "Plus-values immobilières : l'abattement exceptionnel pour les terrains à bâtir prorogé",
        "L'abattement s'applique aux cessions précédées d'une promesse signée avant la fin de l'année {anneeSuivante}.",
      ),
      story(
        'Professions immobilières',
        'd',
        'Agents immobiliers : les obligations de formation continue rappelées',
        'Le renouvellement de la carte professionnelle suppose la justification de 42 heures de formation sur trois ans.',
      ),
      story(
        'SCI',
        'j',
        "SCI : l'associé retrayant a droit au remboursement de la valeur de ses parts",
        "La valeur des parts est fixée, à défaut d'accord, par un expert désigné dans les conditions de l'article 1843-4 du Code civil.",
      ),
      story(
        'Gestion locative',
        't',
        'Logements énergivores : le calendrier des interdictions de louer',
        'Les logements classés G puis F au diagnostic de performance énergétique sont progressivement considérés comme indécents.',
      ),
    ],
    refs: [
      'Loi 89-462 du 6 juillet 1989 art. 15',
      'Loi 89-462 du 6 juillet 1989 art. 17-1',
      'Loi 65-557 du 10 juillet 1965 art. 25',
      'Loi 65-557 du 10 juillet 1965 art. 18',
      'C. civ. art. 1792',
      'C. civ. art. 1792-3',
      'CCH art. L 271-1',
      'CCH art. L 126-26',
      'C. urb. art. R 600-2',
      'C. urb. art. L 421-1',
    ],
    courts: ['cassCiv3', 'cassCiv3', 'ce', 'caa'],
    parties: [
      'un locataire',
      'le syndicat des copropriétaires',
      'un acquéreur non professionnel',
      'un maître d’ouvrage',
      'une société de promotion immobilière',
    ],
    disputes: [
      'la validité du congé délivré par le bailleur',
      "l'annulation d'une résolution de l'assemblée générale",
      'la réparation des désordres apparus après la réception',
      'le permis de construire délivré au voisin',
    ],
    publics: ['les bailleurs', 'les syndics', 'les promoteurs', 'les professionnels de l’immobilier'],
    advice: [
      'vérifier la régularité des notifications',
      'annexer les diagnostics à jour au contrat',
      "inscrire la question à l'ordre du jour de la prochaine assemblée",
      "souscrire les assurances obligatoires avant l'ouverture du chantier",
      'contrôler la date de réception des travaux',
    ],
    measures: [
      'le gel des loyers des logements énergivores',
      "l'encadrement des loyers dans les zones tendues",
      'la réforme du diagnostic de performance énergétique',
      'la simplification des autorisations d’urbanisme',
    ],
    doctrine: ['Réponse ministérielle', 'Circulaire du ministère du logement', 'BOI-RFPI-PVI-20-10'],
    relatedTrades: ['patrimoine', 'particuliers', 'fiscal'],
  },
  patrimoine: {
    stories: [
      story(
        'Successions',
        't',
        'Successions internationales : un droit de prélèvement pour protéger la réserve héréditaire',
        'Les enfants privés de leur réserve par une loi étrangère peuvent effectuer un prélèvement compensatoire sur les biens situés en France.',
      ),
      story(
        'Successions',
        'j',
        'Rapport des libéralités : la valeur du bien donné est appréciée à la date du partage',
        "Le bien rapporté est évalué d'après son état à l'époque de la donation et sa valeur à l'époque du partage.",
      ),
      story(
        'Donations',
        'd',
        'Donation-partage transgénérationnelle : le régime fiscal précisé',
        "Les biens reçus par les petits-enfants sont taxés selon le lien de parenté avec le donateur, sous réserve de l'accord des enfants.",
      ),
      story(
        'Donations',
        't',
        "Dons familiaux de sommes d'argent : une exonération temporaire pour l'achat d'un logement neuf",
        "Les dons consentis à un descendant pour l'acquisition d'un logement neuf ou des travaux de rénovation sont exonérés dans la limite de 100 000 €.",
      ),
      story(
        'Impôt sur la fortune immobilière',
        'j',
        "IFI : les dettes contractées pour l'acquisition d'un bien sont déductibles sous conditions",
        'Seules les dettes afférentes à des actifs imposables et effectivement supportées par le redevable peuvent être déduites.',
      ),
      story(
        'Assurance-vie',
        'j',
        'Assurance-vie : primes manifestement exagérées et rapport à la succession',
        "Le caractère exagéré des primes s'apprécie au jour de leur versement, au regard de l'âge et des facultés du souscripteur.",
      ),
      story(
        'Assurance-vie',
        'j',
        'Clause bénéficiaire : la modification par avenant reste valable',
        "Le souscripteur peut modifier la clause bénéficiaire jusqu'à son décès, sauf acceptation antérieure du bénéficiaire.",
      ),
      story(
        'Régimes matrimoniaux',
        'j',
        'Communauté universelle : la clause d’attribution intégrale et les enfants d’un premier lit',
        "L'action en retranchement permet aux enfants non communs de réduire l'avantage matrimonial excédant la quotité disponible.",
      ),
      story(
        'Démembrement de propriété',
        'j',
        "Quasi-usufruit : la créance de restitution est déductible de l'actif successoral",
        "La dette de restitution du quasi-usufruitier est déductible si elle résulte d'un acte ayant date certaine.",
      ),
      story(
        "Transmission d'entreprise",
        'd',
        "Pacte Dutreil : l'animation de la holding en question",
        "L'administration précise les conditions dans lesquelles une société holding peut être qualifiée d'animatrice pour l'application de l'exonération partielle.",
      ),
      story(
        'Épargne retraite',
        'd',
        "Plan d'épargne retraite : le déblocage anticipé pour l'achat de la résidence principale",
        'Les sommes issues des versements volontaires peuvent être débloquées avant la retraite pour financer la résidence principale.',
      ),
      story(
        'Placements financiers',
        'd',
        "Plan d'épargne en actions : plafonds et titres éligibles",
        'Le point sur les versements autorisés, les retraits partiels et le régime fiscal des gains après cinq ans.',
      ),
      story(
        'PACS et concubinage',
        'j',
        'Partenaires pacsés : le sort du logement acquis en indivision',
        'Chaque partenaire est présumé propriétaire à proportion de son apport, sauf stipulation contraire de la convention.',
      ),
    ],
    refs: [
      'C. civ. art. 912',
      'C. civ. art. 843',
      'C. civ. art. 860',
      'C. civ. art. 913',
      'C. civ. art. 1527',
      'C. civ. art. 587',
      'C. ass. art. L 132-13',
      'CGI art. 757 B',
      'CGI art. 990 I',
      'CGI art. 669',
      'CGI art. 787 B',
      'CGI art. 779',
      'CGI art. 974',
    ],
    courts: ['cassCiv1', 'cassCiv1', 'cassCom', 'ce'],
    parties: [
      'un héritier réservataire',
      'le conjoint survivant',
      'un bénéficiaire de contrat d’assurance-vie',
      'un légataire universel',
      'un nu-propriétaire',
    ],
    disputes: [
      'le partage de la succession de son père',
      "le redressement de droits de donation notifié par l'administration",
      'la qualification de donation indirecte retenue par les juges du fond',
      'le calcul de la réserve héréditaire',
    ],
    publics: [
      'les familles',
      'les notaires',
      'les conseillers en gestion de patrimoine',
      'les contribuables',
    ],
    advice: [
      'faire le point sur la rédaction des clauses bénéficiaires',
      'dater et conserver les actes de donation',
      'anticiper la transmission en recourant à la donation-partage',
      'réaliser une évaluation documentée des biens transmis',
      'vérifier le régime matrimonial applicable',
    ],
    measures: [
      "l'augmentation des abattements en ligne directe",
      "l'aménagement du régime du pacte Dutreil",
      'la création d’un nouveau plan d’épargne',
      'la réforme des droits de succession',
    ],
    doctrine: ['BOI-ENR-DMTG-10-10', 'BOI-PAT-IFI-20', 'Réponse ministérielle', 'Rescrit'],
    relatedTrades: ['fiscal', 'immobilier', 'particuliers'],
  },
  association: {
    stories: [
      story(
        'Fiscalité des associations',
        't',
        'Associations : la franchise des impôts commerciaux relevée',
        "Le seuil des recettes lucratives accessoires en deçà duquel l'association n'est pas soumise aux impôts commerciaux est revalorisé.",
      ),
      story(
        'Mécénat',
        'd',
        "Mécénat d'entreprise : les contreparties admises précisées",
        "L'administration rappelle la règle de disproportion marquée entre le don et la valeur des contreparties accordées à l'entreprise.",
      ),
      story(
        'Mécénat',
        't',
        'Dons aux associations : déclaration annuelle des reçus fiscaux',
        'Les organismes qui délivrent des reçus fiscaux doivent déclarer chaque année le montant global des dons et le nombre de reçus émis.',
      ),
      story(
        'Vie associative',
        'j',
        "Président d'association : la faute séparable de ses fonctions engage sa responsabilité personnelle",
        "Le dirigeant bénévole n'engage sa responsabilité à l'égard des tiers qu'en cas de faute intentionnelle d'une particulière gravité.",
      ),
      story(
        'Fondations et fonds de dotation',
        't',
        'Fonds de dotation : le contrôle administratif renforcé',
        "Le préfet peut suspendre l'activité d'un fonds de dotation qui ne publie pas ses comptes annuels.",
      ),
      story(
        'Employeur associatif',
        'j',
        'Bénévolat : le risque de requalification en contrat de travail',
        "L'existence d'un lien de subordination et d'une rémunération déguisée conduit à requalifier l'activité bénévole.",
      ),
      story(
        'Subventions',
        'j',
        "Contrat d'engagement républicain : le retrait d'une subvention validé",
        'Le juge administratif admet le retrait de la subvention d’une association ayant méconnu les engagements souscrits.',
      ),
      story(
        'Comptabilité des associations',
        't',
        'Comptes annuels des associations : le règlement ANC 2018-06 modifié',
        'Les modifications portent sur la comptabilisation des contributions volontaires en nature et des legs.',
      ),
    ],
    refs: [
      'Loi du 1er juillet 1901 art. 5',
      'Loi du 1er juillet 1901 art. 6',
      'CGI art. 200',
      'CGI art. 238 bis',
      'CGI art. 261, 7-1°',
      'CGI art. 206, 1 bis',
      'Loi 87-571 du 23 juillet 1987 art. 18',
      'Règl. ANC 2018-06',
    ],
    courts: ['ce', 'cassCiv1', 'caa'],
    parties: [
      'une association sportive',
      'une association culturelle',
      "le président d'une association",
      'une fondation reconnue d’utilité publique',
    ],
    disputes: [
      "l'assujettissement de ses activités aux impôts commerciaux",
      'la remise en cause des reçus fiscaux délivrés aux donateurs',
      'le retrait de la subvention communale',
      "la validité de l'assemblée générale extraordinaire",
    ],
    publics: ['les associations', 'les dirigeants associatifs', 'les trésoriers', 'les fondations'],
    advice: [
      'sectoriser les activités lucratives',
      'tenir un registre des dons reçus',
      'mettre à jour les statuts',
      'établir un budget prévisionnel pour chaque projet subventionné',
    ],
    measures: [
      'le relèvement de la franchise',
      'la simplification de la tenue des registres',
      'le renforcement du contrôle des dons',
    ],
    doctrine: ['BOI-IS-CHAMP-10-50', 'BOI-IR-RICI-250', 'Guide pratique de la vie associative'],
    relatedTrades: ['fiscal', 'comptable'],
  },
  particuliers: {
    stories: [
      story(
        'Impôts des particuliers',
        'd',
        'Déclaration de revenus {annee} : les dates limites selon les départements',
        "Le service de déclaration en ligne ouvre au printemps ; les dates limites s'échelonnent selon le numéro du département.",
      ),
      story(
        'Impôts des particuliers',
        'd',
        "Emploi d'un salarié à domicile : les services ouvrant droit au crédit d'impôt",
        "L'administration dresse la liste des services à la personne éligibles et des plafonds de dépenses applicables.",
      ),
      story(
        'Famille',
        't',
        "Pension alimentaire : l'intermédiation financière généralisée",
        "L'organisme débiteur des prestations familiales collecte et reverse la pension, sauf refus des deux parents.",
      ),
      story(
        'Logement',
        't',
        "MaPrimeRénov' : les conditions d'éligibilité pour {anneeSuivante}",
        "Les plafonds de ressources et les montants forfaitaires de l'aide à la rénovation énergétique sont actualisés.",
      ),
      story(
        'Consommation et litiges',
        'd',
        'Achats en ligne : le délai de rétractation de quatorze jours',
        'Le consommateur dispose de quatorze jours pour se rétracter à compter de la réception du bien, sans avoir à se justifier.',
      ),
      story(
        'Banque et assurance',
        't',
        'Assurance emprunteur : la résiliation à tout moment',
        "L'emprunteur peut changer d'assurance à tout moment, sous réserve d'une équivalence de garanties.",
      ),
      story(
        'Voisinage',
        't',
        'Troubles anormaux du voisinage : le principe inscrit dans le Code civil',
        "Le propriétaire ou l'occupant qui cause un trouble excédant les inconvénients normaux du voisinage en répond de plein droit.",
      ),
      story(
        'Retraite des particuliers',
        'd',
        'Pension de réversion : les plafonds de ressources revalorisés',
        'Les conditions de ressources applicables à la pension de réversion du régime général sont relevées au 1er janvier.',
      ),
      story(
        'Emploi à domicile',
        'd',
        "Chèque emploi service universel : l'avance immédiate du crédit d'impôt",
        "Les particuliers employeurs peuvent bénéficier immédiatement de leur crédit d'impôt lors du paiement du salaire.",
      ),
    ],
    refs: [
      'C. civ. art. 371-2',
      'C. civ. art. 1240',
      'C. civ. art. 1253',
      'C. consom. art. L 221-18',
      'CGI art. 199 sexdecies',
      'CGI art. 200 quater',
      'C. ass. art. L 113-12-2',
      'CSS art. L 353-1',
    ],
    courts: ['cassCiv1', 'cassCiv2', 'ce', 'cassCiv3'],
    parties: ['un particulier', 'un couple de retraités', 'un consommateur', 'un propriétaire occupant'],
    disputes: [
      'le refus de remboursement opposé par le vendeur',
      'le redressement de son impôt sur le revenu',
      'le montant de la pension alimentaire',
      "les nuisances causées par l'exploitation voisine",
    ],
    publics: ['les particuliers', 'les ménages', 'les familles', 'les propriétaires'],
    advice: [
      'conserver les factures et justificatifs',
      'vérifier les informations préremplies de la déclaration',
      'adresser une réclamation écrite au professionnel',
      "se rapprocher d'un conciliateur de justice",
    ],
    measures: [
      'la revalorisation des plafonds',
      "l'élargissement des publics bénéficiaires",
      'la simplification des démarches en ligne',
    ],
    doctrine: ['BOI-IR-RICI-150', 'Communiqué de Bercy', 'Fiche pratique de la DGCCRF'],
    relatedTrades: ['patrimoine', 'fiscal'],
  },
};

/** The generic title angles ("<thematic> : <angle>") that cover every thematic of the tree. */
export const ANGLES: Record<SourceKind, readonly string[]> = {
  j: [
    '{juridiction} précise les conditions',
    '{juridiction} tranche',
    'nouvelle illustration jurisprudentielle',
    'une décision à retenir',
    '{juridiction} rappelle les règles de preuve',
    'les juges font une application stricte du texte',
    'revirement de jurisprudence',
  ],
  t: [
    'ce qui change au 1er janvier {anneeSuivante}',
    "le décret d'application est paru",
    'le texte publié au Journal officiel',
    'ce que prévoit la réforme',
    'entrée en vigueur des nouvelles règles',
  ],
  d: [
    "les précisions de l'administration",
    'une réponse ministérielle éclaire la pratique',
    'les réponses aux questions pratiques',
    'le point sur les obligations déclaratives',
    'mode d’emploi',
    'les commentaires administratifs publiés',
  ],
};

/** Summaries of generated stories; {theme} is the thematic in lower case. */
export const ANGLE_SUMMARIES: Record<SourceKind, readonly string[]> = {
  j: [
    '{Juridiction} apporte des précisions utiles en matière de {theme}, qui intéresseront directement {public}.',
    'En matière de {theme}, {juridiction} fait une lecture rigoureuse des conditions posées par le texte.',
    'Une décision {juridictionDe} illustre les difficultés pratiques soulevées en matière de {theme}.',
  ],
  t: [
    "Un nouveau texte modifie les règles applicables en matière de {theme} : tour d'horizon des changements pour {public}.",
    "En matière de {theme}, les règles évoluent ; voici les mesures à connaître et leur date d'entrée en vigueur.",
    'Publié au Journal officiel, le texte aménage le régime applicable en matière de {theme} et prévoit {measure}.',
  ],
  d: [
    "L'administration précise sa position en matière de {theme} et répond aux questions des praticiens.",
    'Les commentaires publiés clarifient plusieurs points en matière de {theme} pour {public}.',
    'Une réponse ministérielle apporte un éclairage bienvenu en matière de {theme}.',
  ],
};
