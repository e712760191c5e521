import { apiJson } from './http';

const followedTextAnswer = async () => (await import('@/lib/contracts/followed-texts')).followedTextAnswer;

/** Whether the logged-in reader follows a text. */
export async function fetchTextFollowed(key: string): Promise<boolean> {
  const answer = await apiJson('/account/followedTexts', followedTextAnswer, {
    query: { key },
    key: `followed:${key}`,
  });
  return answer.followed;
}

/** "Suivre ce texte" and its undo; answers the new state. */
export async function setTextFollowed(key: string, followed: boolean): Promise<boolean> {
  const answer = await apiJson('/account/followedTexts', followedTextAnswer, {
    method: 'POST',
    json: { key, followed },
    key: `followed:${key}`,
  });
  return answer.followed;
}
