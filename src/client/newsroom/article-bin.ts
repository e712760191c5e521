/** Browser side of the bin's Admin API calls: a draft deleted to the bin, the bin's list, a restore. */

import { adminArticleSchema } from '@/lib/contracts/admin';
import { articleBinAnswer } from '@/lib/contracts/article-bin';
import { adminCall, adminSend } from '../admin';

export const deleteDraft = (id: string, version: number) =>
  adminSend(`/articles/${encodeURIComponent(id)}`, { method: 'DELETE', query: { version } });
export const listBin = (signal?: AbortSignal) => adminCall(articleBinAnswer, '/article-bin', { signal });
export const restoreFromBin = (id: string) =>
  adminCall(adminArticleSchema, `/article-bin/${encodeURIComponent(id)}/restore`, { method: 'POST' });
