import { apiJson } from './http';

const rateFollowAnswer = async () => (await import('@/lib/contracts/rate-tables')).rateFollowAnswer;

/** Whether the logged-in reader follows a rate table. */
export async function fetchRateTableFollowed(tableId: string): Promise<boolean> {
  const answer = await apiJson('/account/rate-follows', rateFollowAnswer, {
    query: { tableId },
    key: `rate-follow:${tableId}`,
  });
  return answer.following;
}

/** "Suivre" a table or stop; answers the new state. */
export async function setRateTableFollowed(tableId: string, following: boolean): Promise<boolean> {
  const answer = await apiJson('/account/rate-follows', rateFollowAnswer, {
    method: 'POST',
    json: { tableId, following },
    key: `rate-follow:${tableId}`,
  });
  return answer.following;
}
