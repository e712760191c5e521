import { apiJson } from './http';

const agendaFeedAnswer = async () => (await import('@/lib/contracts/personal-agenda')).agendaFeedAnswer;

/** A new private agenda feed address; the previous one stops working. */
export async function createAgendaFeed(): Promise<string> {
  const answer = await apiJson('/account/agenda-feed', agendaFeedAnswer, {
    method: 'POST',
    key: 'agenda-feed',
  });
  return answer.url;
}
