// POST /api/account/agenda-feed (docs/API-accounts.md): a new private agenda feed address, the old one revoked
import type { AgendaFeedAnswer } from '@/lib/contracts/personal-agenda';
import { NOT_LOGGED_IN_MESSAGE } from '@/server/accounts/login';
import { findSessionCustomer, sessionTokenFrom } from '@/server/accounts/sessions';
import { getDb } from '@/server/db/client';
import { apiRoute } from '@/server/http/api-route';
import { AppError } from '@/server/http/errors';
import { jsonResponse } from '@/server/http/responses';
import { issueAgendaFeed } from '@/server/personal-agenda/profile';

export const dynamic = 'force-dynamic';

/** 201 `{url}`: the feed of the reader's profile at a new unguessable address; 401 without a session. */
export const POST = apiRoute(async (request) => {
  const db = await getDb();
  const customer = await findSessionCustomer(db, sessionTokenFrom(request));
  if (!customer) throw new AppError('unauthorized', NOT_LOGGED_IN_MESSAGE);
  const answer: AgendaFeedAnswer = { url: await issueAgendaFeed(db, customer.id) };
  return jsonResponse(answer, { status: 201 });
});
