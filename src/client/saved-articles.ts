import { apiJson } from './http';

const savedArticleAnswer = async () => (await import('@/lib/contracts/saved-articles')).savedArticleAnswer;

/** Whether the logged-in reader saved an article. */
export async function fetchArticleSaved(articleId: string): Promise<boolean> {
  const answer = await apiJson('/account/savedArticles', savedArticleAnswer, {
    query: { articleId },
    key: `saved:${articleId}`,
  });
  return answer.saved;
}

/** Saves an article ("Enregistrer") or removes it; answers the new state. */
export async function setArticleSaved(articleId: string, saved: boolean): Promise<boolean> {
  const answer = await apiJson('/account/savedArticles', savedArticleAnswer, {
    method: 'POST',
    json: { articleId, saved },
    key: `saved:${articleId}`,
  });
  return answer.saved;
}
