import { type EditablePageProps, editablePage } from '../../_sections/editable-page';

// Cached like the news pages and refreshed at once when staff save the page in the newsroom (decision 016); no
// path is rendered at build time, so `next build` never opens the database.
// A literal, as Next.js reads it at build time: ISR_REVALIDATE_SECONDS of src/server/http/route-table.ts.
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): { rest: string[] }[] {
  return [];
}

const page = editablePage('confidentialite');
export const generateMetadata = page.generateMetadata;

/** /confidentialite: personal data and cookies, edited in the newsroom (/redaction/pages). */
export default function PrivacyPage({ params }: EditablePageProps) {
  return page.render(params);
}
