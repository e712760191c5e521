import { describe, expect, it } from 'vitest';
import { EVERYTHING } from './cache-tags';
import {
  changedTags,
  contentChangeSchema,
  decodeContentChange,
  encodeContentChange,
  MAX_CHANGE_TAGS,
} from './content-changes';

describe('the message of a content change', () => {
  it('carries its tags, once each', () => {
    const payload = encodeContentChange(['article:A1', 'topic:social', 'article:A1']);
    expect(JSON.parse(payload)).toEqual({ tags: ['article:A1', 'topic:social'] });
    expect(changedTags(decodeContentChange(payload))).toEqual(['article:A1', 'topic:social']);
  });

  it('says everything when the tags are too many, too long, none, or everything already', () => {
    const everything = { everything: true };
    const many = Array.from({ length: MAX_CHANGE_TAGS + 1 }, (_, index) => `article:A${index}`);
    const long = Array.from({ length: 60 }, (_, index) => `article:${'x'.repeat(150)}${index}`);
    for (const tags of [many, long, [], ['home', EVERYTHING], ['bad tag']]) {
      expect(JSON.parse(encodeContentChange(tags))).toEqual(everything);
    }
  });

  it('reads an empty or unreadable payload (an older server, a stray NOTIFY) as everything', () => {
    for (const payload of ['', undefined, 'pas du json', '{"tags":[]}', '{"tags":["a b"]}', '{"x":1}']) {
      expect(changedTags(decodeContentChange(payload))).toEqual([EVERYTHING]);
    }
  });

  it('refuses a revalidation body with unknown fields or bad tags, in French', () => {
    const refused = contentChangeSchema.safeParse({ tags: ['ok', 'pas ok'] });
    expect(refused.success).toBe(false);
    expect(JSON.stringify(refused.error?.issues)).toContain('étiquette invalide');
    expect(contentChangeSchema.safeParse({ everything: true, tags: ['a'] }).success).toBe(false);
  });
});
